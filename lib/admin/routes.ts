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

// Administrators only: the guard (401), then the `admin` middleware (403, lib/policies/admin.ts).
// Who may be acted on (not oneself, not another administrator) is the user policy's, in the endpoint.
const administrators = ["auth:sanctum", "admin"];

/** GET /api/admin/users. */
export const ADMIN_USERS_ROUTE: HostRoute = {
  name: "api.admin.users.index",
  path: "/api/admin/users",
  method: "GET",
  endpoint: listUsers,
  middleware: administrators,
  ability: null,
  credential: "administers",
};

/** DELETE /api/admin/users/{id}. */
export const ADMIN_USER_DELETE_ROUTE: HostRoute = {
  name: "api.admin.users.destroy",
  path: "/api/admin/users/{id}",
  method: "DELETE",
  endpoint: deleteUser,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** POST /api/admin/users/{id}/restore. */
export const ADMIN_USER_RESTORE_ROUTE: HostRoute = {
  name: "api.admin.users.restore",
  path: "/api/admin/users/{id}/restore",
  method: "POST",
  endpoint: restoreUser,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** GET /api/admin/users/export. */
export const ADMIN_USERS_EXPORT_ROUTE: HostRoute = {
  name: "api.admin.users.export",
  path: "/api/admin/users/export",
  method: "GET",
  endpoint: exportUsers,
  middleware: administrators,
  ability: null,
  credential: "administers",
};

/** GET /api/admin/activity. */
export const ADMIN_ACTIVITY_ROUTE: HostRoute = {
  name: "api.admin.activity",
  path: "/api/admin/activity",
  method: "GET",
  endpoint: listActivity,
  middleware: administrators,
  ability: null,
  credential: "administers",
};

/** GET /api/admin/users/{id}/sessions. */
export const ADMIN_USER_SESSIONS_ROUTE: HostRoute = {
  name: "api.admin.users.sessions.index",
  path: "/api/admin/users/{id}/sessions",
  method: "GET",
  endpoint: listUserSessions,
  middleware: administrators,
  ability: null,
  credential: "administers",
};

/** DELETE /api/admin/users/{id}/sessions/{sessionId}. */
export const ADMIN_USER_SESSION_DELETE_ROUTE: HostRoute = {
  name: "api.admin.users.sessions.destroy",
  path: "/api/admin/users/{id}/sessions/{sessionId}",
  method: "DELETE",
  endpoint: destroyUserSession,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};

/** DELETE /api/admin/users/{id}/two-factor: the endpoint asks for the step-up. */
export const ADMIN_USER_TWO_FACTOR_RESET_ROUTE: HostRoute = {
  name: "api.admin.users.two-factor.destroy",
  path: "/api/admin/users/{id}/two-factor",
  method: "DELETE",
  endpoint: resetTwoFactor,
  middleware: administrators,
  ability: "admin",
  credential: "administers",
};
