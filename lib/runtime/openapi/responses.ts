import { z } from "zod";
import type { ActionMap } from "@/lib/config/auth-actions";

/**
 * The bodies the API answers, as zod schemas, for the API description (decision record 020):
 * SPEC.md §2 and §4. Objects stay open (`looseObject`): a hook may add fields (get-auth's, say).
 */
const stamp = z.string().nullable();

export const userSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: stamp,
  payload: z.record(z.string(), z.unknown()).nullable(),
  created_at: stamp,
  updated_at: stamp,
  pending_email: z.string().nullable().optional(),
});

export const tokenSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  abilities: z.array(z.string()),
  last_used_at: stamp,
  expires_at: stamp,
  created_at: stamp,
  updated_at: stamp,
  // Decision record 045: the token's own settings (null when not set) and its use.
  idle_expires_in: z.int().nullable(),
  rate_limit: z.int().nullable(),
  quota: z.int().nullable(),
  quota_refill: z.int().nullable(),
  quota_interval: z.int().nullable(),
  quota_remaining: z.int().nullable(),
  allowed_ips: z.array(z.string()).nullable(),
  last_used_ip: z.string().nullable(),
  last_used_user_agent: z.string().nullable(),
  requests_24h: z.int(),
  requests_30d: z.int(),
  rolled_from: z.int().nullable(),
  replaced_by: z.int().nullable(),
});

export const messageSchema = z.looseObject({ message: z.string() });
export const validationErrorSchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

const signedIn = z.looseObject({
  success: z.boolean(),
  user: userSchema.nullable(),
});
const done = z.looseObject({ success: z.boolean(), message: z.string() });

/** A success without a body (Fortify's `new JsonResponse('', 200)`, a 201 or a 204). */
export type EmptySuccess = { status: 200 | 201 | 204 };
const empty = (status: EmptySuccess["status"]): EmptySuccess => ({ status });

const browserSession = z.looseObject({
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ip_address: z.string().nullable(),
  signed_in_at: stamp,
  last_active: stamp,
  method: z.string().nullable(),
  current: z.boolean(),
});
const passkeySchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  authenticator: z.string().nullable(),
  backed_up: z.boolean(),
  created_at: stamp,
  last_used_at: stamp,
});
const webAuthnOptions = z.looseObject({
  options: z.looseObject({ challenge: z.string() }),
});

/**
 * The answer of a successful call of each action: its JSON body, a success without a body, or
 * null when the action answers with a redirect.
 */
export const ACTION_RESPONSES: ActionMap<z.ZodType | EmptySuccess | null> = {
  login: signedIn,
  register: signedIn,
  logout: z.looseObject({ success: z.boolean() }),
  "get-auth": z.looseObject({
    user: userSchema.nullable(),
    authenticated: z.boolean(),
    is_admin: z.boolean(),
    verified: z.boolean(),
    impersonating: z.boolean(),
  }),
  "forgot-password": done,
  "reset-password": done,
  "update-password": done,
  "email-verification-notification": z.looseObject({
    success: z.boolean(),
    status: z.enum(["verification-link-sent", "already-verified"]),
  }),
  "verification-verify": z.looseObject({ verified: z.boolean() }),
  "create-token": z.looseObject({ token: z.string() }),
  tokens: z.looseObject({ tokens: z.array(tokenSchema) }),
  "revoke-token": z.looseObject({ revoked: z.boolean() }),
  "flush-tokens": done,
  "roll-token": z.looseObject({
    token: z.string(),
    token_id: z.int(),
    previous_expires_at: stamp,
  }),
  "socialite-redirect": null,
  "socialite-callback": null,
  impersonate: z.looseObject({ token: z.string(), url: z.string() }),
  "impersonate-token": signedIn,
  "revert-impersonate": signedIn,
  "two-factor-challenge": empty(204),
  "two-factor-enable": empty(200),
  "two-factor-confirm": empty(200),
  "two-factor-disable": empty(200),
  "two-factor-qr-code": z.looseObject({ svg: z.string(), url: z.string() }),
  "two-factor-secret-key": z.looseObject({ secretKey: z.string() }),
  "two-factor-recovery-codes": z.array(z.string()),
  "two-factor-regenerate-recovery-codes": empty(200),
  "confirm-password": empty(201),
  "confirmed-password-status": z.looseObject({ confirmed: z.boolean() }),
  sessions: z.array(browserSession),
  "session-destroy": empty(204),
  "other-browser-sessions": empty(204),
  "passkey-login-options": webAuthnOptions,
  "passkey-login": signedIn,
  "passkey-confirm-options": webAuthnOptions,
  // laravel/passkeys-server's PasskeyConfirmationResponse (decision record 028).
  "passkey-confirm": z.looseObject({ redirect: z.string() }),
  "passkey-registration-options": webAuthnOptions,
  passkeys: z.looseObject({ passkeys: z.array(passkeySchema) }),
  "passkey-store": z.looseObject({
    status: z.string(),
    passkey: passkeySchema,
  }),
  "passkey-update": z.looseObject({ passkey: passkeySchema }),
  "passkey-destroy": z.looseObject({ status: z.string() }),
};
