import { solveChallenge } from "altcha-lib/v1";
import type { RouteOutput } from "@/lib/client/contract";

type Challenge = RouteOutput<"api.auth.challenge">;

/** The form's `altcha` value for a solved challenge, as ALTCHA's widget sends it: base64 of its JSON. */
function payloadOf(challenge: Challenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(
    JSON.stringify({
      algorithm,
      challenge: challenge.challenge,
      number,
      salt,
      signature,
    }),
  );
}

/**
 * Solves a challenge with altcha-lib's solver (decision record 108). On the page's thread: each
 * step awaits SubtleCrypto's digest, so the screen stays responsive, and at the default
 * difficulty it takes well under a second. Not in a Web Worker: Turbopack copies a worker's
 * source file into the build as it is (`.next/static/media/*.ts`) instead of bundling it, so the
 * browser could not run it and every solution came from the fallback anyway.
 */
export async function solveInBackground(challenge: Challenge): Promise<string> {
  const { algorithm, salt, maxnumber } = challenge;
  const solution = await solveChallenge(
    challenge.challenge,
    salt,
    algorithm,
    maxnumber,
  ).promise;
  if (!solution) throw new Error("The challenge has no solution");
  return payloadOf(challenge, solution.number);
}
