import "server-only";
import { deleteAccountEndpoint } from "@/lib/account/delete-account";
import { exportOwnDataEndpoint } from "@/lib/account/export-endpoint";
import type { HostRoute } from "@/lib/server/pipeline";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import { USER_DATA_EXPORT, USER_DELETE } from "@/lib/contract/account/routes";

/**
 * GET /api/app/user/export: "Download my data" (decision record
 * 021), behind a step-up and from a session only, as everything that reveals (decision record 028).
 */
export const USER_DATA_EXPORT_ROUTE: HostRoute = {
  ...USER_DATA_EXPORT,
  endpoint: exportOwnDataEndpoint,
  middleware: ["auth:sanctum", "throttle:6,1"],
  ability: SESSION_ONLY,
  credential: "reveals",
};

/**
 * DELETE /api/app/user: "Delete my account", with the password as its
 * step-up. A session only: a token cannot delete the account it belongs to.
 */
export const USER_DELETE_ROUTE: HostRoute = {
  ...USER_DELETE,
  endpoint: deleteAccountEndpoint,
  middleware: ["auth:sanctum", "throttle:password"],
  ability: SESSION_ONLY,
  credential: "changes-with-password",
  redirect: "/",
};
