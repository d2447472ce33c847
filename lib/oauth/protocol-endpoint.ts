import "server-only";
import { z } from "zod";
import type { Context } from "@/lib/server/context";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { OAuthError, oauthErrorResponse } from "@/lib/oauth/errors";

/** OAuth's parameters are read by the grants themselves, which answer in league's words. */
const PARAMETERS = z.record(z.string(), z.unknown());

/**
 * An endpoint of the OAuth protocol: an OAuthError becomes league's answer, never the API's.
 * `carriesLimiterHits`: its route's limiter counts go in its first statement (decision record 104).
 */
export function oauthEndpoint(
  run: (ctx: Context, input: Record<string, unknown>) => Promise<Response>,
  { carriesLimiterHits = false }: { carriesLimiterHits?: boolean } = {},
): Endpoint {
  return defineEndpoint({
    input: () => PARAMETERS,
    nonJson: "json",
    carriesLimiterHits,
    async run(ctx, input) {
      try {
        return await run(ctx, input);
      } catch (error) {
        if (error instanceof OAuthError) return oauthErrorResponse(error);
        throw error;
      }
    },
  });
}
