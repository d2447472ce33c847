import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
import { ApiError } from "@/lib/client/api";

/** The passkey routes' names in the route manifest (their URIs are configuration). */
export const PASSKEY_ACTIONS = {
  loginOptions: "passkey-login-options",
  login: "passkey-login",
  confirmOptions: "passkey-confirm-options",
  confirm: "passkey-confirm",
  registrationOptions: "passkey-registration-options",
  list: "passkeys",
  store: "passkey-store",
  update: "passkey-update",
  destroy: "passkey-destroy",
  signupOptions: "register-passkey-options",
  signup: "register-passkey",
  signInMethods: "sign-in-methods",
  dismissOffer: "passkey-offer-dismiss",
  setPasswordLink: "set-password-link",
} as const;

/** English keys (messages/*.json) for what the browser's ceremony can end in. */
const CEREMONY_MESSAGES: Record<string, string> = {
  NotAllowedError: "The passkey request was cancelled or timed out.",
  InvalidStateError: "This device already holds a passkey for your account.",
  NotSupportedError: "This browser cannot use passkeys.",
  SecurityError: "Passkeys cannot be used on this address.",
};

/** True when the ceremony ended because the person (or a newer ceremony) stopped it: nothing to report. */
export function isCancelled(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "AbortError" ||
      (error.name === "NotAllowedError" && !(error instanceof ApiError)))
  );
}

/** A browser ceremony's failure as the forms show errors (an ApiError with a translated message). */
function ceremonyError(error: unknown, t: (key: string) => string): ApiError {
  if (error instanceof ApiError) return error;
  const name =
    error instanceof Error
      ? ((error as { cause?: { name?: string } }).cause?.name ?? error.name)
      : "";
  return new ApiError(
    -1,
    t(
      CEREMONY_MESSAGES[name] ??
        "The passkey request failed. Please try again.",
    ),
  );
}

export async function createCredential(
  options: PublicKeyCredentialCreationOptionsJSON,
  t: (key: string) => string,
) {
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw ceremonyError(error, t);
  }
}

/** An assertion; with `autofill`, the browser offers the passkeys in the username field's suggestions (conditional UI). */
export async function getAssertion(
  options: PublicKeyCredentialRequestOptionsJSON,
  t: (key: string) => string,
  autofill = false,
) {
  try {
    return await startAuthentication({
      optionsJSON: options,
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    if (autofill && isCancelled(error)) throw error;
    throw ceremonyError(error, t);
  }
}

/** Stops a waiting ceremony (the autofill one when the person clicks the button instead). */
export function cancelCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}
