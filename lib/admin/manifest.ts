import "server-only";
import { defineFeature } from "@/lib/server/feature";
import {
  ADMIN_MIDDLEWARE,
  adminOnly,
  unverifiedAdministratorsWarning,
} from "@/lib/policies/admin";
import {
  ADMIN_ACTIVITY_ROUTE,
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
  ADMIN_USER_SESSION_DELETE_ROUTE,
  ADMIN_USER_SESSIONS_ROUTE,
  ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
  ADMIN_USERS_EXPORT_ROUTE,
  ADMIN_USERS_ROUTE,
} from "@/lib/admin/routes";
import {
  ADMIN_TEAM_MEMBER_DELETE_ROUTE,
  ADMIN_TEAM_OWNER_UPDATE_ROUTE,
  ADMIN_TEAM_ROUTE,
} from "@/lib/admin/teams";
import { ADMIN_USER_TOKENS_ROUTE } from "@/lib/admin/user-tokens";

/**
 * User administration (decision records 008, 014): the users, their sessions and second factor,
 * the activity log; and the `admin` middleware every route under /api/admin declares (decision
 * record 064).
 */
export const ADMIN = defineFeature({
  name: "admin",
  hostRoutes: [
    ADMIN_USERS_ROUTE,
    ADMIN_USER_DELETE_ROUTE,
    ADMIN_USER_RESTORE_ROUTE,
    ADMIN_USERS_EXPORT_ROUTE,
    ADMIN_ACTIVITY_ROUTE,
    ADMIN_USER_SESSIONS_ROUTE,
    ADMIN_USER_SESSION_DELETE_ROUTE,
    ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
    ADMIN_USER_TOKENS_ROUTE,
    ADMIN_TEAM_ROUTE,
    ADMIN_TEAM_MEMBER_DELETE_ROUTE,
    ADMIN_TEAM_OWNER_UPDATE_ROUTE,
  ],
  middleware: { [ADMIN_MIDDLEWARE]: adminOnly },
  settings: ["admins"],
  startupWarnings: [unverifiedAdministratorsWarning],
});
