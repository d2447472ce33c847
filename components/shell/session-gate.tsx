"use client";

import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { loginPathFor } from "@/lib/http/safe-redirect";
import { useSession } from "@/lib/client/use-session";

const ENROLMENT_PAGE = "/admin/account/security";

function FullPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      {children}
    </div>
  );
}

/**
 * Screens that need a signed-in user (a convenience only: the API enforces). Signed out, the
 * browser goes to the login screen, which brings it back here afterwards.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const isGuest = session.data?.authenticated === false;
  // The policy wants a second factor this user has not set up: the API refuses everything else
  // (403) until they do, so every screen leads to the profile's enrolment.
  const mustEnrol = session.data?.two_factor_required === true;
  useEffect(() => {
    if (isGuest)
      router.replace(loginPathFor(`${pathname}${window.location.search}`));
    else if (mustEnrol && pathname !== ENROLMENT_PAGE)
      router.replace(`${ENROLMENT_PAGE}#two-factor`);
  }, [isGuest, mustEnrol, pathname, router]);

  if (session.isError) {
    return (
      <FullPage>
        <div className="w-full max-w-md space-y-4">
          <ErrorAlert
            error={session.error}
            title={t("We could not load your session.")}
          />
          <Button
            variant="secondary"
            onClick={() => session.refetch()}
            loading={session.isFetching}
          >
            {t("Try again")}
          </Button>
        </div>
      </FullPage>
    );
  }
  const user = session.data?.user;
  if (!session.data || !user || (mustEnrol && pathname !== ENROLMENT_PAGE)) {
    return (
      <AppShell signedIn={null}>
        <LoadingRows label={t("Loading…")} rows={5} />
      </AppShell>
    );
  }
  return (
    <AppShell signedIn={{ session: session.data, user }}>{children}</AppShell>
  );
}
