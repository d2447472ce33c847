import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";

/** One row of the sign-in history, as the account's activity screen reads it; times are ISO 8601. */
export const authenticationLogEntrySchema = z.object({
  id: z.int(),
  ip_address: z.string().nullable(),
  /** Browser and operating system read from the user agent (null when unknown). */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  login_at: z.string().nullable(),
  login_successful: z.boolean(),
  logout_at: z.string().nullable(),
  cleared_by_user: z.boolean(),
  /** What the Laravel package stored, when it looked the address up; null here otherwise. */
  location: z.unknown().nullable(),
});
export type AuthenticationLogEntry = z.output<
  typeof authenticationLogEntrySchema
>;

/** The signed-in user's own sign-in history, newest first, as Laravel's LengthAwarePaginator. */
export const USER_AUTHENTICATION_LOG = hostContract({
  name: "api.app.user.authentication-log",
  path: "/api/app/user/authentication-log",
  method: "GET",
  input: z.object({
    page: z.union([z.string(), z.number()]).nullish(),
    per_page: z.union([z.string(), z.number()]).nullish(),
  }),
  output: z.object({
    data: z.array(authenticationLogEntrySchema),
    current_page: z.int(),
    last_page: z.int(),
    per_page: z.int(),
    total: z.int(),
  }),
});

/** The new-device mail's "this was not me" link, sent on by its page's button (decision record 095). */
export const NOT_ME = hostContract({
  name: "api.app.authentication-log.not-me",
  path: "/api/app/authentication-log/not-me",
  method: "POST",
  input: z.strictObject({
    log: z.string().regex(/^\d{1,19}$/),
    session: z.string().regex(/^[0-9a-f]{1,64}$/),
    expires: z.string().regex(/^\d{1,12}$/),
    signature: z.string().regex(/^[0-9a-f]{1,128}$/),
  }),
  output: z.object({ success: z.literal(true), email: z.string() }),
});
