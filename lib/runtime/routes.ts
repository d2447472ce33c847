import "server-only";
import { USER_DATA_EXPORT_ROUTE, USER_DELETE_ROUTE } from "@/lib/account/routes";
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
import { RETRY_MAIL, SHOW_MAIL } from "@/lib/operations/mail";
import type { HostRoute } from "@/lib/server/pipeline";
import { REVERT_SETTING, SHOW_SETTINGS, UPDATE_SETTING } from "@/lib/settings/routes";
import { UPLOAD_FILE_ROUTE, UPLOAD_SHOW_ROUTE } from "@/lib/uploads/routes";
import { EMAIL_CHANGE_CANCEL_ROUTE, EMAIL_CHANGE_CONFIRM_ROUTE, EMAIL_CHANGE_RESEND_ROUTE, USER_UPDATE_ROUTE } from "@/lib/users/routes";
import { CREATE_WEBHOOK, DELETE_WEBHOOK, LIST_WEBHOOKS, TEST_WEBHOOK, WEBHOOK_DELIVERIES } from "@/lib/webhooks/routes";

/**
 * Every route of the host application, at its fixed path. route() and the front end's manifest
 * read their paths here, the tests their list (each must have its route file under app/ at its
 * path, handing its requests to routeHandlers(ROUTE): test/support/host-routes.ts checks it).
 * The auth actions, whose URIs are configuration, are the other half (lib/server/action-routes.ts).
 */
export const HOST_ROUTES: readonly HostRoute[] = [
  USER_UPDATE_ROUTE,
  EMAIL_CHANGE_CONFIRM_ROUTE,
  EMAIL_CHANGE_RESEND_ROUTE,
  EMAIL_CHANGE_CANCEL_ROUTE,
  UPLOAD_FILE_ROUTE,
  UPLOAD_SHOW_ROUTE,
  ADMIN_USERS_ROUTE,
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
  ADMIN_USERS_EXPORT_ROUTE,
  ADMIN_ACTIVITY_ROUTE,
  ADMIN_USER_SESSIONS_ROUTE,
  ADMIN_USER_SESSION_DELETE_ROUTE,
  ADMIN_USER_TWO_FACTOR_RESET_ROUTE,
  SHOW_SETTINGS,
  UPDATE_SETTING,
  REVERT_SETTING,
  SHOW_MAIL,
  RETRY_MAIL,
  USER_DATA_EXPORT_ROUTE,
  USER_DELETE_ROUTE,
  LIST_WEBHOOKS,
  CREATE_WEBHOOK,
  DELETE_WEBHOOK,
  TEST_WEBHOOK,
  WEBHOOK_DELIVERIES,
];
