"use client";

import { AvatarUpload } from "@/components/profile/avatar-upload";
import { BrowserSessions } from "@/components/profile/browser-sessions";
import { PasskeysCard } from "@/components/profile/passkeys/passkeys-card";
import { DeleteAccount } from "@/components/profile/delete-account";
import { DownloadData } from "@/components/profile/download-data";
import { PasswordForm } from "@/components/profile/password-form";
import { ProfileForm } from "@/components/profile/profile-form";
import { TwoFactorCard } from "@/components/profile/two-factor/two-factor-card";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";

export function ProfilePage({
  flashed = {},
}: {
  flashed?: { status?: string; error?: string };
}) {
  const t = useT();
  const session = useSession().data;
  const user = session?.user;
  if (!user) return null;
  // The policy wants a second factor first: every other call answers 403 until it is set up.
  const mustEnrol = session?.two_factor_required === true;
  return (
    <>
      <PageHeader
        title={t("Profile")}
        description={t("Manage how you appear and how you sign in.")}
      />
      <div className="space-y-6">
        {flashed.status && <Alert tone="success">{flashed.status}</Alert>}
        {flashed.error && <Alert tone="error">{flashed.error}</Alert>}
        {mustEnrol && (
          <Alert
            tone="warning"
            title={t("Set up two-factor authentication to continue")}
          >
            {t(
              "Your account must use two-factor authentication. The rest of the application opens once it is set up.",
            )}
          </Alert>
        )}
        {!mustEnrol && <ProfileForm key={user.id} user={user} />}
        {!mustEnrol && <AvatarUpload user={user} />}
        {!mustEnrol && <PasswordForm />}
        {!mustEnrol && <PasskeysCard />}
        <TwoFactorCard user={user} />
        {!mustEnrol && <BrowserSessions />}
        {/* The owner's own choices: an administrator acting as the user is refused them (decision record 021). */}
        {!mustEnrol && !session.impersonating && (
          <>
            <DownloadData />
            <DeleteAccount />
          </>
        )}
      </div>
    </>
  );
}
