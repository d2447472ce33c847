import "server-only";
import { deleteUser } from "@/lib/admin/delete-user";
import { exportUsers } from "@/lib/admin/export-users";
import { listActivity } from "@/lib/admin/list-activity";
import { listUsers } from "@/lib/admin/list-users";
import { restoreUser } from "@/lib/admin/restore-user";
import { resetTwoFactor } from "@/lib/admin/reset-two-factor";
import {
  destroyUserSession,
  listUserSessions,
} from "@/lib/admin/user-sessions";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  ADMIN_ACTIVITY,
  ADMIN_USERS,
  ADMIN_USERS_EXPORT,
  ADMIN_USER_DELETE,
  ADMIN_USER_RESTORE,
  ADMIN_USER_SESSIONS,
  ADMIN_USER_SESSION_DELETE,
  ADMIN_USER_TWO_FACTOR_RESET,
} from "@/lib/admin/schemas/routes";

// Who may call is decided by the user policy in each endpoint (403), after the guard (401).
const signedIn = ["auth:sanctum"];

/** GET /api/admin/users (app/api/admin/users/route.ts). */
export const ADMIN_USERS_ROUTE: HostRoute = {
  ...ADMIN_USERS,
  endpoint: listUsers,
  middleware: signedIn,
  ability: null,
  credential: "administers",
};

/** DELETE /api/admin/users/{id} (app/api/admin/users/[id]/route.ts). */
export const ADMIN_USER_DELETE_ROUTE: HostRoute = {
  ...ADMIN_USER_DELETE,
  endpoint: deleteUser,
  middleware: signedIn,
  ability: "admin",
  credential: "administers",
};

/** POST /api/admin/users/{id}/restore (app/api/admin/users/[id]/restore/route.ts). */
export const ADMIN_USER_RESTORE_ROUTE: HostRoute = {
  ...ADMIN_USER_RESTORE,
  endpoint: restoreUser,
  middleware: signedIn,
  ability: "admin",
  credential: "administers",
};

/** GET /api/admin/users/export (app/api/admin/users/export/route.ts). */
export const ADMIN_USERS_EXPORT_ROUTE: HostRoute = {
  ...ADMIN_USERS_EXPORT,
  endpoint: exportUsers,
  middleware: signedIn,
  ability: null,
  credential: "administers",
};

/** GET /api/admin/activity (app/api/admin/activity/route.ts). */
export const ADMIN_ACTIVITY_ROUTE: HostRoute = {
  ...ADMIN_ACTIVITY,
  endpoint: listActivity,
  middleware: signedIn,
  ability: null,
  credential: "administers",
};

/** GET /api/admin/users/{id}/sessions (app/api/admin/users/[id]/sessions/route.ts). */
export const ADMIN_USER_SESSIONS_ROUTE: HostRoute = {
  ...ADMIN_USER_SESSIONS,
  endpoint: listUserSessions,
  middleware: signedIn,
  ability: null,
  credential: "administers",
};

/** DELETE /api/admin/users/{id}/sessions/{sessionId} (app/api/admin/users/[id]/sessions/[sessionId]/route.ts). */
export const ADMIN_USER_SESSION_DELETE_ROUTE: HostRoute = {
  ...ADMIN_USER_SESSION_DELETE,
  endpoint: destroyUserSession,
  middleware: signedIn,
  ability: "admin",
  credential: "administers",
};

/** DELETE /api/admin/users/{id}/two-factor (app/api/admin/users/[id]/two-factor/route.ts): the endpoint asks for the step-up. */
export const ADMIN_USER_TWO_FACTOR_RESET_ROUTE: HostRoute = {
  ...ADMIN_USER_TWO_FACTOR_RESET,
  endpoint: resetTwoFactor,
  middleware: signedIn,
  ability: "admin",
  credential: "administers",
};
