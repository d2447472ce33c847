"use client";

import Link from "next/link";
import { VerificationNotice } from "@/components/dashboard/verification-notice";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { useT } from "@/lib/client/i18n";
import { useLogout } from "@/lib/client/use-logout";
import { useSession } from "@/lib/client/use-session";

/** Only the invitation route's own paths are kept: the screen never sends anyone elsewhere. */
const INVITATION_LINK = /^\/team-invitations\/[1-9][0-9]*(\?[^#]*)?$/;

/**
 * Where a browser lands when the mailed invitation link was refused (lib/teams/invitation-endpoints.ts):
 * the server's reason, and a way on. Signed in as another account: sign out and come back to the
 * same link as the right one (the login keeps it as its `redirect`, as the OAuth sign-in does).
 * An unproven address: the verification mail again; then the link opens.
 */
export function InvitationRefused({
  reason,
  link,
}: {
  reason: string | null;
  link: string | null;
}) {
  const t = useT();
  const user = useSession().data?.user;
  const kept = link && INVITATION_LINK.test(link) ? link : null;
  const logout = useLogout(
    kept ? `/auth/login?redirect=${encodeURIComponent(kept)}` : "/auth/login",
  );
  return (
    <>
      <PageHeader title={t("Team invitation")} />
      <div className="max-w-2xl space-y-6">
        {user && !user.email_verified_at && (
          <VerificationNotice email={user.email} />
        )}
        <Card
          title={t("This invitation could not be accepted")}
          footer={
            <>
              <Link href="/admin" className={buttonClasses("secondary", "md")}>
                {t("Back to the dashboard")}
              </Link>
              {kept && (
                <Button
                  loading={logout.isPending}
                  onClick={() => logout.mutate()}
                >
                  {t("Sign in with another account")}
                </Button>
              )}
            </>
          }
        >
          <div className="space-y-4">
            <Alert tone="warning">
              {reason ??
                t("Open the link in the invitation email again to accept it.")}
            </Alert>
            {user && (
              <p className="text-sm text-zinc-600">
                {t(
                  "You are signed in as :email. An invitation is accepted by the account of the address it was sent to, once that address is verified.",
                  { email: user.email },
                )}
              </p>
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
