"use client";

import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";
import { usePasskeySignIn } from "@/lib/client/use-passkey-sign-in";
import { usePasskeysUsable } from "@/lib/client/use-passkeys-usable";
import { useSession } from "@/lib/client/use-session";

/**
 * "Sign in with a passkey" on the login screen, and the browser's passkey suggestions in the email
 * field (its `autocomplete` carries `webauthn`), offered once the session is known to be a
 * guest's, and only where passkeys can work: a browser with WebAuthn, on the relying party's
 * domain (decision record 070).
 */
export function PasskeySignIn(props: Props) {
  const usable = usePasskeysUsable();
  return usable ? <PasskeyButton {...props} /> : null;
}

type Props = {
  redirect: string | null;
  /** An app asked a signed-in browser to sign in again (decision record 086): it may, as a guest. */
  freshSignIn?: boolean;
  /**
   * The password form's sign-in is under way or done: the suggestions are not asked for meanwhile.
   * Asked for once that sign-in has answered, they would reach a guest's route as a signed-in
   * browser and be refused (403).
   */
  signingIn?: boolean;
};

function PasskeyButton({
  redirect,
  freshSignIn = false,
  signingIn = false,
}: Props) {
  const t = useT();
  const session = useSession();
  const isGuest =
    session.isSuccess && (!session.data.authenticated || freshSignIn);
  const passkey = usePasskeySignIn(redirect, isGuest && !signingIn);
  return (
    <div className="mt-6 space-y-3">
      <ErrorAlert error={passkey.error} />
      <Button
        variant="secondary"
        className="w-full"
        icon={<Icon name="key" className="size-4" />}
        loading={passkey.pending}
        onClick={passkey.start}
      >
        {passkey.pending
          ? t("Signing in with your passkey…")
          : t("Sign in with a passkey")}
      </Button>
    </div>
  );
}
