import { solveChallenge, solveChallengeWorkers } from "altcha-lib/v1";
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
 * Solves a challenge with altcha-lib's solver in Web Workers, one per core up to four, so the
 * screen stays responsive (decision record 108); where no worker starts (an old browser, a
 * blocked script), on the page's own thread with the same solver.
 */
export async function solveInBackground(challenge: Challenge): Promise<string> {
  const { algorithm, salt, maxnumber } = challenge;
  const threads = Math.min(4, navigator.hardwareConcurrency || 2);
  let workerFailed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => (workerFailed = reject));
  const start = () => {
    const worker = new Worker(
      new URL("./challenge-worker.ts", import.meta.url),
      { type: "module" },
    );
    worker.addEventListener("error", workerFailed);
    return worker;
  };
  const solution = await Promise.race([
    solveChallengeWorkers(
      start,
      threads,
      challenge.challenge,
      salt,
      algorithm,
      maxnumber,
    ),
    failure,
  ]).catch(
    () =>
      solveChallenge(challenge.challenge, salt, algorithm, maxnumber).promise,
  );
  if (!solution) throw new Error("The challenge has no solution");
  return payloadOf(challenge, solution.number);
}
