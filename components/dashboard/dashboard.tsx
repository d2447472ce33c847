"use client";

import { HealthPanel } from "@/components/admin/health-panel";
import { AccountSummary } from "@/components/dashboard/account-summary";
import { QuickLinks } from "@/components/dashboard/quick-links";
import { VerificationNotice } from "@/components/dashboard/verification-notice";
import { PageHeader } from "@/components/ui/page-header";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";

/** The landing page after sign-in; an administrator also sees the server's health. */
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
      <div className="space-y-6">
        {!session.verified && <VerificationNotice email={user.email} />}
        <AccountSummary session={session} user={user} />
        {session.is_admin && <HealthPanel />}
        <QuickLinks isAdmin={session.is_admin} />
      </div>
    </>
  );
}
