import "server-only";
import { deleteUser } from "@/lib/admin/delete-user";
import { exportUsers } from "@/lib/admin/export-users";
import { listActivity } from "@/lib/admin/list-activity";
import { listUsers } from "@/lib/admin/list-users";
import { restoreUser } from "@/lib/admin/restore-user";
import type { HostRoute } from "@/lib/auth/routes/pipeline";

// Who may call is decided by the user policy in each endpoint (403), after the guard (401).
const signedIn = ["auth:sanctum"];

/** GET /api/admin/users (app/api/admin/users/route.ts). */
export const ADMIN_USERS_ROUTE: HostRoute = { name: "api.admin.users.index", method: "GET", endpoint: listUsers, middleware: signedIn, ability: null };

/** DELETE /api/admin/users/{id} (app/api/admin/users/[id]/route.ts). */
export const ADMIN_USER_DELETE_ROUTE: HostRoute = { name: "api.admin.users.destroy", method: "DELETE", endpoint: deleteUser, middleware: signedIn, ability: "admin" };

/** POST /api/admin/users/{id}/restore (app/api/admin/users/[id]/restore/route.ts). */
export const ADMIN_USER_RESTORE_ROUTE: HostRoute = { name: "api.admin.users.restore", method: "POST", endpoint: restoreUser, middleware: signedIn, ability: "admin" };

/** GET /api/admin/users/export (app/api/admin/users/export/route.ts). */
export const ADMIN_USERS_EXPORT_ROUTE: HostRoute = { name: "api.admin.users.export", method: "GET", endpoint: exportUsers, middleware: signedIn, ability: null };

/** GET /api/admin/activity (app/api/admin/activity/route.ts). */
export const ADMIN_ACTIVITY_ROUTE: HostRoute = { name: "api.admin.activity", method: "GET", endpoint: listActivity, middleware: signedIn, ability: null };
