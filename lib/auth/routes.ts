import "server-only";
import { challenge } from "@/lib/auth/endpoints/challenge";
import { checkResetLink } from "@/lib/auth/endpoints/check-reset-link";
import { CHALLENGE } from "@/lib/contract/auth/challenge";
import { RESET_LINK_CHECK } from "@/lib/contract/auth/reset-link";
import type { HostRoute } from "@/lib/server/pipeline";

/**
 * The reset screen's check of its link (decision record 090): a guest's read, throttled per
 * address as the reset's neighbours are; the token is 64 random hex characters, so the limit is
 * against load, not guessing.
 */
export const RESET_LINK_CHECK_ROUTE: HostRoute = {
  ...RESET_LINK_CHECK,
  endpoint: checkResetLink,
  middleware: ["guest", "throttle:60,1"],
  ability: null,
  credential: "none",
};

/**
 * A proof-of-work challenge for the forms that ask for one (decision record 108): anyone may
 * ask, signed in or not, from any allowed origin (CORS as every route of the API). Making one
 * costs an HMAC and writes nothing, so it counts against no limiter.
 */
export const CHALLENGE_ROUTE: HostRoute = {
  ...CHALLENGE,
  endpoint: challenge,
  middleware: [],
  ability: null,
  credential: "none",
};
