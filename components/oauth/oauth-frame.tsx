"use client";

import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { Brand } from "@/components/brand";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Spinner } from "@/components/ui/spinner";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { loginPathFor } from "@/lib/http/safe-redirect";
import { useSession } from "@/lib/client/use-session";

/** A line that says something is on its way, announced politely. */
export function Waiting({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-8 text-sm text-zinc-500"
    >
      <Spinner className="size-5 text-indigo-600" />
      {label}
    </div>
  );
}

/**
 * The frame of a question an app asks the signed-in user (consent, device code; decision record
 * 055): the signed-out screens' quiet card, the language switch, and the user it is for. Signed
 * out, the browser goes to the login screen, which brings it back with the same query.
 */
export function OAuthFrame({
  children,
}: {
  children: (user: User) => ReactNode;
}) {
  const t = useT();
  const session = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const isGuest = session.data?.authenticated === false;
  useEffect(() => {
    if (isGuest)
      router.replace(loginPathFor(`${pathname}${window.location.search}`));
  }, [isGuest, pathname, router]);
  const user = session.data?.user;
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-zinc-50 to-zinc-50">
      <header className="flex justify-center px-4 pt-10 pb-6 sm:pt-14">
        <Brand size="lg" />
      </header>
      <main className="flex flex-1 justify-center px-4 pb-12">
        <div className="w-full max-w-md self-start rounded-2xl bg-white px-6 py-8 shadow-lg shadow-zinc-200/60 ring-1 ring-zinc-200 sm:px-10">
          {session.isError ? (
            <ErrorAlert
              error={session.error}
              title={t("We could not load your session.")}
            />
          ) : user ? (
            children(user)
          ) : (
            <Waiting label={t("Loading…")} />
          )}
        </div>
      </main>
      <footer className="flex justify-center px-4 pb-8">
        <LanguageSwitch className="w-40" />
      </footer>
    </div>
  );
}
