import "server-only";
import { checkResetLink } from "@/lib/auth/endpoints/check-reset-link";
import { RESET_LINK_CHECK } from "@/lib/auth/schemas/reset-link";
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
