import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { z } from "zod";
import { signedInSchema, stamp } from "@/lib/contract/users/user";

/** A passkey as `GET user/passkeys` lists it (decision record 025). */
export const passkeySchema = z.object({
  id: z.int(),
  name: z.string(),
  authenticator: z.string().nullable(),
  backed_up: z.boolean(),
  created_at: stamp,
  last_used_at: stamp,
});

export type Passkey = z.output<typeof passkeySchema>;

/** A WebAuthn JSON object the browser's API reads or writes; the server checks its fields (lib/passkeys/credential-input.ts). */
const webAuthnJson = <T>() =>
  z.custom<T>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof (value as { challenge?: unknown; id?: unknown }).challenge ===
        "string",
  );
const credential = <T>() =>
  z.custom<T>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof (value as { id?: unknown }).id === "string",
  );

export const requestOptionsOutput = z.object({
  options: webAuthnJson<PublicKeyCredentialRequestOptionsJSON>(),
});
export const creationOptionsOutput = z.object({
  options: webAuthnJson<PublicKeyCredentialCreationOptionsJSON>(),
});

export const passkeyLoginInput = z.object({
  credential: credential<AuthenticationResponseJSON>(),
  remember: z.boolean().nullish(),
});
export const passkeyLoginOutput = signedInSchema.extend({
  redirect: z.string(),
});
export const passkeyConfirmInput = z.object({
  credential: credential<AuthenticationResponseJSON>(),
});
/** laravel/passkeys-server's PasskeyConfirmationResponse (decision record 028). */
export const passkeyConfirmOutput = z.object({ redirect: z.string() });

export const passkeyStoreInput = z.object({
  name: z.string(),
  credential: credential<RegistrationResponseJSON>(),
});
export const passkeyStoreOutput = z.object({
  status: z.literal("passkey-registered"),
  id: z.string(),
  name: z.string(),
  passkey: passkeySchema,
});
export const passkeyUpdateInput = z.object({ name: z.string() });
export const passkeysOutput = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyOutput = z.object({ passkey: passkeySchema });
export const passkeyDestroyOutput = z.object({
  status: z.literal("passkey-deleted"),
});

/** A passkey-first registration (decision record 107): who, then the attestation. */
export const passkeySignupOptionsInput = z.object({
  name: z.string(),
  email: z.string(),
});
export const passkeySignupInput = passkeySignupOptionsInput.extend({
  credential: credential<RegistrationResponseJSON>(),
  remember: z.boolean().nullish(),
});
export const passkeySignupOutput = signedInSchema;

/** The account's ways in as the screens need them (decision record 107). */
export const signInMethodsOutput = z.object({
  /** False for an account made without a password (a passkey or a provider) until one is set. */
  password: z.boolean(),
  /** Signed in here with a password, no passkey yet, and the offer to add one never dismissed. */
  passkey_offer: z.boolean(),
  /** The account has a passkey: with `password`, what the step-up dialog offers (decision record 111). */
  passkey: z.boolean(),
  /** The social providers the account was made through or signed in with (decision record 111). */
  providers: z.array(z.object({ name: z.string(), label: z.string() })),
});
