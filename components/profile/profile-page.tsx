"use client";

import { AvatarUpload } from "@/components/profile/avatar-upload";
import { SignInHistory } from "@/components/profile/sign-in-history";
import { BrowserSessions } from "@/components/profile/browser-sessions";
import { PasskeysCard } from "@/components/profile/passkeys/passkeys-card";
import { DeleteAccount } from "@/components/profile/delete-account";
import { DownloadData } from "@/components/profile/download-data";
import { PasswordForm } from "@/components/profile/password-form";
import { SetPasswordForm } from "@/components/profile/set-password-form";
import { SetPasswordLink } from "@/components/profile/set-password-link";
import { ProfileForm } from "@/components/profile/profile-form";
import { TwoFactorCard } from "@/components/profile/two-factor/two-factor-card";
import { Alert } from "@/components/ui/alert";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useRouteAllowed } from "@/lib/client/use-route-allowed";
import { useSignInMethods } from "@/lib/client/use-passkey-first";
import { useSession } from "@/lib/client/use-session";

/** The account's settings, one section per address (decision record 067). */
export function ProfileSection({
  flashed = {},
}: {
  flashed?: { status?: string; error?: string };
}) {
  const user = useSession().data?.user;
  if (!user) return null;
  return (
    <>
      {flashed.status && <Alert tone="success">{flashed.status}</Alert>}
      {flashed.error && <Alert tone="error">{flashed.error}</Alert>}
      <ProfileForm key={user.id} user={user} />
      <AvatarUpload user={user} />
    </>
  );
}

export function SecuritySection() {
  const t = useT();
  const session = useSession().data;
  const allowed = useRouteAllowed();
  const user = session?.user;
  // The policy wants a second factor first: every other call answers 403 until it is set up.
  const mustEnrol = session?.two_factor_required === true;
  // Change the password, or set a first one (decision record 107): known once the server says.
  const methods = useSignInMethods(Boolean(user) && !mustEnrol);
  const ways = methods.data;
  const hasPassword = ways?.password;
  if (!user) return null;
  // The cards wait for that answer: the password's card, arriving later above the others, pushed
  // their buttons down under a person's tap (a click lost in a browser test, record 107).
  if (!mustEnrol && methods.isPending)
    return <LoadingRows label={t("Loading…")} rows={3} />;
  return (
    <>
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
      {session.impersonating && (
        <Alert tone="info">
          {t(
            "You are acting as this user: changing how they sign in is theirs alone, so those actions are not offered here.",
          )}
        </Alert>
      )}
      {!mustEnrol && hasPassword === true && allowed("update-password") && (
        <PasswordForm />
      )}
      {/* A form only where its step-up can be passed: a passkey confirms it (decision record 111). */}
      {!mustEnrol &&
        ways?.password === false &&
        ways.passkey &&
        allowed("set-password") && <SetPasswordForm />}
      {!mustEnrol &&
        ways?.password === false &&
        !ways.passkey &&
        allowed("set-password-link") && (
          <SetPasswordLink email={user.email} providers={ways.providers} />
        )}
      <TwoFactorCard user={user} />
      {!mustEnrol && <PasskeysCard />}
      {!mustEnrol && <BrowserSessions />}
      {!mustEnrol && allowed("api.app.user.authentication-log") && (
        <SignInHistory />
      )}
    </>
  );
}

export function DataSection() {
  const t = useT();
  const session = useSession().data;
  const allowed = useRouteAllowed();
  if (!session?.user) return null;
  // The owner's own choices: an administrator acting as the user is refused them (decision record 021).
  if (!allowed("api.app.user.export") && !allowed("api.app.user.destroy"))
    return (
      <Alert tone="info">
        {t(
          "Only the account's owner can download its data or delete it, not an administrator acting as them.",
        )}
      </Alert>
    );
  return (
    <>
      {allowed("api.app.user.export") && <DownloadData />}
      {allowed("api.app.user.destroy") && <DeleteAccount />}
    </>
  );
}
