import "server-only";
import { listOwnAuthenticationLog } from "@/lib/authentication-log/list";
import { notMe } from "@/lib/authentication-log/not-me";
import {
  NOT_ME,
  USER_AUTHENTICATION_LOG,
} from "@/lib/contract/authentication-log/routes";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import type { HostRoute } from "@/lib/server/pipeline";

/** The account's activity screen: its own sign-in history, from a session (decision record 095). */
export const USER_AUTHENTICATION_LOG_ROUTE: HostRoute = {
  ...USER_AUTHENTICATION_LOG,
  endpoint: listOwnAuthenticationLog,
  middleware: ["auth:sanctum"],
  ability: SESSION_ONLY,
  credential: "none",
};

/**
 * The new-device mail's "this was not me": no session needed, the signed link is the proof. It
 * signs a device out through the mailbox and adds no way in, as a password reset's link
 * (`recovers`); it leads to the reset rather than making one.
 */
export const NOT_ME_ROUTE: HostRoute = {
  ...NOT_ME,
  endpoint: notMe,
  middleware: ["throttle:6,1"],
  ability: null,
  credential: "recovers",
  redirect: "/auth/forgot-password",
};
