import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";

/** When a route asks for a solved challenge (decision record 108): on every call, or after failed sign-ins from the caller's address. */
export type ChallengeWhen = "always" | "after-failures";

/**
 * The solution, as ALTCHA's widget sends it in its form field `altcha`: base64 of the JSON of
 * algorithm, challenge, number, salt and signature. Optional in the schema: the route's
 * challenge step decides whether it is needed, after the other fields passed.
 */
const altchaField = z.string().max(2000).optional();

/**
 * A route row's challenge rule and the field that carries the solution, declared together so
 * no route takes the field without the rule: spread into the row in place of its `input`.
 */
export function challenged<
  const W extends ChallengeWhen,
  S extends z.ZodRawShape,
>(when: W, input: z.ZodObject<S>) {
  return { challenge: when, input: input.extend({ altcha: altchaField }) };
}

/**
 * GET /api/auth/challenge: a fresh challenge for a form of a route that asks for one (ALTCHA's
 * `challengeurl`); 404 while challenges are off. Fixed under /api, beside the reset screen's
 * check, so a SPA on another origin finds it whatever the auth actions' prefix.
 */
export const CHALLENGE = hostContract({
  name: "api.auth.challenge",
  path: "/api/auth/challenge",
  method: "GET",
  output: z.object({
    algorithm: z.enum(["SHA-1", "SHA-256", "SHA-512"]),
    challenge: z.string(),
    maxnumber: z.number().optional(),
    salt: z.string(),
    signature: z.string(),
  }),
});
