import "server-only";
import { CHALLENGE } from "@/lib/contract/auth/challenge";
import { issueChallenge } from "@/lib/auth/challenge/challenges";
import { notFound } from "@/lib/http/errors";
import { endpointOf } from "@/lib/server/row-endpoint";

/** A fresh challenge (decision record 108); 404 while challenges are off, as a feature that is off answers. */
export const challenge = endpointOf(CHALLENGE, {
  async run(ctx) {
    if (!ctx.config.challenge.enabled) throw notFound();
    return issueChallenge(ctx);
  },
});
