"use client";

import { HealthPanel } from "@/components/admin/health-panel";
import { PasskeyOffer } from "@/components/auth/passkey-offer";
import { AccountSummary } from "@/components/dashboard/account-summary";
import { QuickLinks } from "@/components/dashboard/quick-links";
import { VerificationNotice } from "@/components/dashboard/verification-notice";
import { PageHeader } from "@/components/ui/page-header";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";

/**
 * The landing page after sign-in; an administrator also sees the server's health. The passkey
 * offer is made here, where a password sign-in lands, and not above every screen: it appears
 * once its answer is in, and above a screen's controls it moved them under a person's finger
 * (decision record 107).
 */
export function Dashboard() {
  const t = useT();
  const session = useSession().data;
  const user = session?.user;
  if (!session || !user) return null;
  return (
    <>
      <PageHeader
        title={t("Welcome, :name", { name: user.name })}
        description={t("Here is an overview of your account.")}
      />
      {!session.impersonating && <PasskeyOffer />}
      <div className="space-y-6">
        {!session.verified && <VerificationNotice email={user.email} />}
        <AccountSummary session={session} user={user} />
        {session.is_admin && <HealthPanel />}
        <QuickLinks isAdmin={session.is_admin} />
      </div>
    </>
  );
}
