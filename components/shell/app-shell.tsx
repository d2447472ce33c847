"use client";

import type { ReactNode } from "react";
import { Brand } from "@/components/brand";
import { ImpersonationBanner } from "@/components/impersonation-banner";
import { NavLinks } from "@/components/shell/nav-links";
import { UserMenu } from "@/components/shell/user-menu";
import { Skeleton } from "@/components/ui/skeleton";
import type { Session, User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/**
 * The signed-in frame: a sticky top (the impersonation banner, then the header with the user
 * menu), the navigation, and the page. Without a session yet (`signedIn` null) the same frame
 * renders with placeholders, so a hard load never shows a blank page (decision record 068).
 */
export function AppShell({
  signedIn,
  children,
}: {
  signedIn: { session: Session; user: User } | null;
  children: ReactNode;
}) {
  const t = useT();
  const isAdmin = signedIn?.session.is_admin ?? false;
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t("Skip to content")}
      </a>
      <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 backdrop-blur">
        {signedIn?.session.impersonating && (
          <ImpersonationBanner user={signedIn.user} />
        )}
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Brand />
          {signedIn ? (
            <UserMenu
              user={signedIn.user}
              impersonating={signedIn.session.impersonating}
            />
          ) : (
            <Skeleton className="size-8 rounded-full" />
          )}
        </div>
        <nav
          aria-label={t("Main")}
          className="border-t border-zinc-100 lg:hidden"
        >
          <NavLinks isAdmin={isAdmin} layout="tabs" />
        </nav>
      </header>
      <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
        <nav aria-label={t("Main")} className="hidden w-56 shrink-0 lg:block">
          <div className="sticky top-24">
            <NavLinks isAdmin={isAdmin} layout="sidebar" />
          </div>
        </nav>
        {/* Focusable from script only: the skip link's target, and where focus goes when the
            element that had it leaves the page (components/ui/toaster.tsx). */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
