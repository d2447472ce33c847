import { z } from "zod";
import { signedInSchema, userSchema } from "@/lib/contract/users/user";

/**
 * The fields a client sends to the sign-in actions and what they answer (contract §2 and §4). The
 * endpoints are bound to them (decision record 094): these fields are the ones validated, each
 * under the endpoint's configured rule where it has one (password strength, lengths).
 */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish();

export const loginInput = z.object({
  email: z.string(),
  password: z.string(),
  remember: flag,
});

export const registerInput = z.object({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
  payload: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  remember: flag,
});

/** Signed in, or (Fortify) a second factor is still to be given on the challenge screen. */
export const signInOutput = z.union([
  signedInSchema,
  z.object({ two_factor: z.literal(true) }),
]);

/** get-auth (contract §2), with the second factor's state (decision record 023). */
export const sessionSchema = z.object({
  user: userSchema.nullable(),
  authenticated: z.boolean(),
  is_admin: z.boolean(),
  verified: z.boolean(),
  impersonating: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** The policy (`two-factor.required`) wants a second factor this user has not set up. */
  two_factor_required: z.boolean(),
});

export type Session = z.output<typeof sessionSchema>;

/**
 * get-auth as a third-party app's token sees it (decision record 082): the user shaped by the
 * token's OpenID scopes as userinfo shapes it — `id` always, `name` and the profile with
 * `profile`, the address with `email`.
 */
export const appSessionSchema = sessionSchema.extend({
  user: userSchema.partial().required({ id: true }),
});

/** get-auth's answer: a session's (or an owner's token's) view, or an app's. */
export const getAuthOutput = z.union([sessionSchema, appSessionSchema]);

export const forgotPasswordInput = z.object({ email: z.string() });

export const resetPasswordInput = z.object({
  token: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});

export const updatePasswordInput = z.object({
  old_password: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});

/** A first password, for an account without one (decision record 107). */
export const setPasswordInput = z.object({
  password: z.string(),
  password_confirmation: z.string(),
});

export const verificationNotificationOutput = z.object({
  success: z.boolean(),
  status: z.enum(["verification-link-sent", "already-verified"]),
});

export const verifiedOutput = z.object({ verified: z.boolean() });

export const impersonateInput = z.object({ target_user_id: z.int() });
export const impersonateOutput = z.object({
  token: z.string(),
  url: z.string(),
});
export const revertOutput = z.object({
  success: z.boolean(),
  user: userSchema.nullable(),
});
