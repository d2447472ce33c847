import "server-only";
import { z } from "zod";
import { recordActivity } from "@/lib/audit/activity";
import { rollToken as roll } from "@/lib/auth/token-roll";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { forbidden, invalid } from "@/lib/http/errors";
import { tokenIdInput } from "@/lib/auth/token-input";

const DAY_SECONDS = 86_400;

/**
 * A new secret for one of the caller's tokens, or from a token for itself only (decision record
 * 045); the old one works for `grace_seconds` (default a day, 0: stops now, at most 30 days).
 */
export const rollToken = endpointOf(AUTH_ACTIONS["roll-token"], {
  rules: () => ({
    token_id: tokenIdInput,
    grace_seconds: z
      .int()
      .min(0)
      .max(30 * DAY_SECONDS)
      .nullish(),
  }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    // A token rotates its own key; choosing which of the owner's tokens to roll is the session's
    // (decision record 045). An OAuth access token is none of them.
    if (ctx.auth?.via === "token" && ctx.auth.token?.id !== input.token_id)
      throw forbidden("A token can roll only itself.");
    const rolled = await roll(
      ctx.db,
      {
        userClass: ctx.config["user-class"],
        user,
        tokenId: input.token_id,
        graceSeconds: input.grace_seconds ?? DAY_SECONDS,
        prefix: ctx.config.tokens.prefix,
      },
      ctx.now,
    );
    if (!rolled)
      throw invalid("token_id", "The selected :attribute is invalid.");
    await recordActivity(
      ctx.db,
      {
        event: "token-rolled",
        subjectId: user.id,
        ip: ctx.ip,
        properties: { token_id: input.token_id, new_token_id: rolled.id },
      },
      ctx.now,
    );
    ctx.credentialChange = { name: rolled.name };
    return {
      token: rolled.plainTextToken,
      token_id: rolled.id,
      previous_expires_at: rolled.graceUntil?.toISOString() ?? null,
    };
  },
});
