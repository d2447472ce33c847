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
} from "@/lib/contract/admin/routes";

// Administrators only: the guard (401), then the `admin` middleware (403, lib/policies/admin.ts).
// Who may be acted on (not oneself, not another administrator) is the user policy's, in the endpoint.
const administrators = ["auth:sanctum", "admin"];

/** GET /api/admin/users. */
export const ADMIN_USERS_ROUTE: HostRoute = {
  ...ADMIN_USERS,
  endpoint: listUsers,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** DELETE /api/admin/users/{id}. */
export const ADMIN_USER_DELETE_ROUTE: HostRoute = {
  ...ADMIN_USER_DELETE,
  endpoint: deleteUser,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** POST /api/admin/users/{id}/restore. */
export const ADMIN_USER_RESTORE_ROUTE: HostRoute = {
  ...ADMIN_USER_RESTORE,
  endpoint: restoreUser,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** GET /api/admin/users/export. */
export const ADMIN_USERS_EXPORT_ROUTE: HostRoute = {
  ...ADMIN_USERS_EXPORT,
  endpoint: exportUsers,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** GET /api/admin/activity. */
export const ADMIN_ACTIVITY_ROUTE: HostRoute = {
  ...ADMIN_ACTIVITY,
  endpoint: listActivity,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** GET /api/admin/users/{id}/sessions. */
export const ADMIN_USER_SESSIONS_ROUTE: HostRoute = {
  ...ADMIN_USER_SESSIONS,
  endpoint: listUserSessions,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** DELETE /api/admin/users/{id}/sessions/{sessionId}. */
export const ADMIN_USER_SESSION_DELETE_ROUTE: HostRoute = {
  ...ADMIN_USER_SESSION_DELETE,
  endpoint: destroyUserSession,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** DELETE /api/admin/users/{id}/two-factor: the endpoint asks for the step-up. */
export const ADMIN_USER_TWO_FACTOR_RESET_ROUTE: HostRoute = {
  ...ADMIN_USER_TWO_FACTOR_RESET,
  endpoint: resetTwoFactor,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};
