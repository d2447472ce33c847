import { z } from "zod";
import { hostContract, noBody } from "@/lib/contract/route-contract";
import { tokensOutput } from "@/lib/contract/auth/tokens";
import { browserSessionsSchema } from "@/lib/contract/sessions/browser-sessions";
import { stamp, successSchema, userSchema } from "@/lib/contract/users/user";

/** Laravel's LengthAwarePaginator, as the front end reads it (lib/server/query.ts `paginator`). */
const paginated = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.int(),
    last_page: z.int(),
    per_page: z.int(),
    total: z.int(),
  });

/** A row of the administration's user table (lib/admin/admin-user.ts `presentAdminUser`). */
export const adminUserSchema = userSchema.extend({
  is_admin: z.boolean(),
  deleted_at: stamp,
  two_factor_enabled: z.boolean(),
  /** `manage`: see and end their sessions, reset their second factor (never another administrator's). */
  can: z.object({
    impersonate: z.boolean(),
    delete: z.boolean(),
    restore: z.boolean(),
    manage: z.boolean(),
  }),
  /** With teams on: the teams the user owns (`role` "owner") or belongs to, by name (decision record 106). */
  teams: z
    .array(z.object({ id: z.int(), name: z.string(), role: z.string() }))
    .optional(),
});

export const userStatusSchema = z.enum(["active", "trashed", "all"]);

const userRef = z.object({ id: z.int(), name: z.string(), email: z.string() });

/** One entry of the activity log (lib/audit/activity-query.ts). */
export const activityEntrySchema = z.object({
  id: z.int(),
  event: z.string(),
  description: z.string(),
  subject: userRef.nullable(),
  causer: userRef.nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});

// The query strings are read by the endpoints' own schemas (lib/server/query.ts): text on the wire.
const query = z.record(z.string(), z.union([z.string(), z.number()]).nullish());

export const ADMIN_USERS = hostContract({
  name: "api.admin.users.index",
  path: "/api/admin/users",
  method: "GET",
  input: query,
  output: paginated(adminUserSchema),
});
export const ADMIN_USER_DELETE = hostContract({
  name: "api.admin.users.destroy",
  path: "/api/admin/users/{id}",
  method: "DELETE",
  output: successSchema,
});
export const ADMIN_USER_RESTORE = hostContract({
  name: "api.admin.users.restore",
  path: "/api/admin/users/{id}/restore",
  method: "POST",
  output: successSchema,
});
/** A CSV download the browser follows as a link. */
export const ADMIN_USERS_EXPORT = hostContract({
  name: "api.admin.users.export",
  path: "/api/admin/users/export",
  method: "GET",
  output: "file",
});
export const ADMIN_ACTIVITY = hostContract({
  name: "api.admin.activity",
  path: "/api/admin/activity",
  method: "GET",
  input: query,
  output: paginated(activityEntrySchema),
});
export const ADMIN_USER_SESSIONS = hostContract({
  name: "api.admin.users.sessions.index",
  path: "/api/admin/users/{id}/sessions",
  method: "GET",
  output: browserSessionsSchema,
});
export const ADMIN_USER_SESSION_DELETE = hostContract({
  name: "api.admin.users.sessions.destroy",
  path: "/api/admin/users/{id}/sessions/{sessionId}",
  method: "DELETE",
  output: noBody(204),
});
/** The endpoint asks for the step-up. */
export const ADMIN_USER_TWO_FACTOR_RESET = hostContract({
  name: "api.admin.users.two-factor.destroy",
  path: "/api/admin/users/{id}/two-factor",
  method: "DELETE",
  output: noBody(204),
});
/** A user's tokens and their use, as `tokens` lists them to the owner (decision record 045). */
export const ADMIN_USER_TOKENS = hostContract({
  name: "api.admin.users.tokens.index",
  path: "/api/admin/users/{id}/tokens",
  method: "GET",
  output: tokensOutput,
});
