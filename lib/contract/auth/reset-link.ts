import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";

/**
 * POST /api/auth/reset-link: whether an emailed reset link (its token and address) still works,
 * asked by the reset screen when it opens (decision record 090). A POST so that the token stays
 * out of request logs, as the reset's own does; it changes nothing.
 */
export const RESET_LINK_CHECK = hostContract({
  name: "api.auth.reset-link",
  path: "/api/auth/reset-link",
  method: "POST",
  input: z.object({ token: z.string(), email: z.string() }),
  output: z.object({ valid: z.boolean() }),
});
