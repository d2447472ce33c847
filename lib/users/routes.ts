import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import {
  cancelEmailChangeEndpoint,
  confirmEmailChangeEndpoint,
  resendEmailChangeEndpoint,
} from "@/lib/users/email-change-endpoints";
import { CONFIRM_PATH, PROFILE_PATH } from "@/lib/users/email-change";
import { updateUser } from "@/lib/users/update-user";
import {
  EMAIL_CHANGE_CANCEL,
  EMAIL_CHANGE_RESEND,
  USER_UPDATE,
} from "@/lib/contract/users/routes";

/** PUT /api/app/user/update. */
export const USER_UPDATE_ROUTE: HostRoute = {
  ...USER_UPDATE,
  endpoint: updateUser,
  middleware: ["auth:sanctum"],
  ability: "user:write",
  credential: "none",
  // A new address or password is proven by a session, never by a token alone (decision record 011).
  sessionOnlyFields: ["email"],
};

// Throttled like the verification notification and link (contract §8: throttle:6,1).

/**
 * GET /api/app/user/email/confirm/{token}: the
 * signed link, for the signed-in owner only (a session, like the verification link); a browser
 * without one signs in and comes back.
 */
export const EMAIL_CHANGE_CONFIRM_ROUTE: HostRoute = {
  name: "api.app.user.email.confirm",
  path: CONFIRM_PATH,
  method: "GET",
  endpoint: confirmEmailChangeEndpoint,
  middleware: ["auth:web", "signed", "throttle:6,1"],
  ability: SESSION_ONLY,
  credential: "none",
  redirect: PROFILE_PATH,
};

/** POST /api/app/user/email/resend. */
export const EMAIL_CHANGE_RESEND_ROUTE: HostRoute = {
  ...EMAIL_CHANGE_RESEND,
  endpoint: resendEmailChangeEndpoint,
  middleware: ["auth:sanctum", "throttle:6,1"],
  ability: "user:write",
  credential: "none",
  redirect: PROFILE_PATH,
};

/** POST /api/app/user/email/cancel. */
export const EMAIL_CHANGE_CANCEL_ROUTE: HostRoute = {
  ...EMAIL_CHANGE_CANCEL,
  endpoint: cancelEmailChangeEndpoint,
  middleware: ["auth:sanctum", "throttle:6,1"],
  ability: "user:write",
  credential: "none",
  redirect: PROFILE_PATH,
};
