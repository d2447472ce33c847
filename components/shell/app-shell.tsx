"use client";

import type { ReactNode } from "react";
import { Brand } from "@/components/brand";
import { PasskeyOffer } from "@/components/auth/passkey-offer";
import { ImpersonationBanner } from "@/components/impersonation-banner";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { NavLinks } from "@/components/shell/nav-links";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { UserMenu } from "@/components/shell/user-menu";
import type { Session, User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/** The signed-in frame: banner while impersonating, top bar, navigation, and the page. */
export function AppShell({
  session,
  user,
  children,
}: {
  session: Session;
  user: User;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t("Skip to content")}
      </a>
      {session.impersonating && <ImpersonationBanner user={user} />}
      <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Brand />
          <div className="flex items-center gap-2 sm:gap-3">
            <LanguageSwitch className="w-32" />
            <UserMenu user={user} />
            <SignOutButton />
          </div>
        </div>
        <nav
          aria-label={t("Main")}
          className="border-t border-zinc-100 lg:hidden"
        >
          <NavLinks isAdmin={session.is_admin} layout="tabs" />
        </nav>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
        <nav aria-label={t("Main")} className="hidden w-56 shrink-0 lg:block">
          <div className="sticky top-24">
            <NavLinks isAdmin={session.is_admin} layout="sidebar" />
          </div>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {!session.impersonating && <PasskeyOffer userId={user.id} />}
          {children}
        </main>
      </div>
    </div>
  );
}
