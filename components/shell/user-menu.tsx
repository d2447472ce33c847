"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { ChoiceRow } from "@/components/ui/choice-row";
import { ThemeChoice } from "@/components/shell/theme-choice";
import { TeamSwitcher } from "@/components/teams/team-switcher";
import { LANGUAGES, useLocaleChoice } from "@/components/shell/language-switch";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import { ACCOUNT_SETTINGS_PATH } from "@/components/settings/account-sections";
import { avatarOf } from "@/lib/client/avatar";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRevertImpersonation } from "@/lib/client/use-impersonation";
import { useLogout } from "@/lib/client/use-logout";

const ITEM =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900";

/**
 * The avatar in the header opens the account's menu: who is signed in, the settings, the teams
 * (where they are on), language, colour scheme and sign out; while acting as someone, the way back comes first. A disclosure
 * (button + panel), not an ARIA menu: it holds groups of choices, which a menu role cannot.
 * The button is named by what it shows (WCAG 2.5.3 Label in Name), then what it opens.
 */
export function UserMenu({
  user,
  impersonating,
}: {
  user: User;
  impersonating: boolean;
}) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const language = useLocaleChoice();
  const logout = useLogout();
  const revert = useRevertImpersonation();

  useEffect(() => {
    if (!isOpen) return;
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    }
    function onPointer(event: PointerEvent) {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    }
    function onFocus(event: FocusEvent) {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [isOpen]);

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        className="flex items-center gap-3 rounded-lg px-2 py-1 hover:bg-zinc-100"
      >
        <Avatar name={user.name} src={avatarOf(user)} size="sm" />
        <span className="min-w-0 text-left max-md:sr-only">
          <span className="block max-w-48 truncate text-sm font-medium text-zinc-900">
            {user.name}
          </span>
          <span className="block max-w-48 truncate text-xs text-zinc-600">
            {user.email}
          </span>
        </span>
        <span className="sr-only">{t("(account menu)")}</span>
        <Icon name="chevron" className="size-4 text-zinc-500" />
      </button>
      {isOpen && (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-zinc-200"
        >
          <div className="border-b border-zinc-100 px-3 pt-1.5 pb-2.5">
            <p className="truncate text-sm font-semibold text-zinc-900">
              {user.name}
            </p>
            <p className="truncate text-xs text-zinc-500">{user.email}</p>
          </div>
          <div className="space-y-0.5 py-1.5">
            {impersonating && (
              <button
                type="button"
                className={ITEM}
                disabled={revert.isPending}
                onClick={() => revert.mutate()}
              >
                <Icon name="back" className="size-4.5 text-zinc-500" />
                {t("Return to my account")}
              </button>
            )}
            {revert.isError && <ErrorAlert error={revert.error} />}
            <Link
              href={ACCOUNT_SETTINGS_PATH}
              className={ITEM}
              onClick={() => setOpen(false)}
            >
              <Icon name="cog" className="size-4.5 text-zinc-500" />
              {t("Account settings")}
            </Link>
          </div>
          <TeamSwitcher user={user} onNavigate={() => setOpen(false)} />
          <div className="border-t border-zinc-100 py-1">
            <ChoiceRow
              label={t("Language")}
              options={LANGUAGES}
              value={language.locale}
              onChoose={language.choose}
              disabled={language.isPending}
            />
            <ThemeChoice />
          </div>
          {/* While acting as someone, the one way out is "Return to my account": signing out
              there would end the administrator's own session too (lib/auth/sign-out.ts). */}
          {!impersonating && (
            <div className="border-t border-zinc-100 pt-1.5">
              <Button
                variant="ghost"
                size="sm"
                className="w-full justify-start! px-3! py-2!"
                loading={logout.isPending}
                icon={<Icon name="logout" className="size-4.5 text-zinc-500" />}
                onClick={() => logout.mutate()}
              >
                {t("Sign out")}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
