"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/client/api";
import { useApi } from "@/lib/client/api-context";
import { solveInBackground } from "@/lib/client/challenge-solver";
import { useSettings } from "@/lib/client/settings-context";

// Not useRouteQuery: a challenge is fetched, solved in the background and spent once, never
// cached under a key.

/** How long a wait for the solution goes unmentioned before the screen says it is checking. */
const QUIET_MS = 400;

const isChallengeRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 422 && "altcha" in error.errors;

/**
 * The proof-of-work challenge of a form whose route asks for one (decision record 108), while
 * challenges are on: one is fetched and solved in the background as the screen opens, sent as
 * `altcha` with the submission, and the next one solved at once. A refusal on `altcha` (expired,
 * or a sign-in that started asking after failures) is answered by solving a fresh one and
 * submitting again, once. `checking` is true only while a submission waits on a slow solution.
 */
export function useChallenge() {
  const { challenge: enabled } = useSettings();
  const api = useApi();
  const next = useRef<Promise<string | undefined> | null>(null);
  const [checking, setChecking] = useState(false);

  const prepare = useCallback(() => {
    next.current ??= api
      .call("api.auth.challenge")
      .then(solveInBackground)
      .catch(() => undefined);
    return next.current;
  }, [api]);

  useEffect(() => {
    if (enabled) void prepare();
  }, [enabled, prepare]);

  const take = useCallback(async () => {
    const solution = prepare();
    next.current = null;
    const slow = setTimeout(() => setChecking(true), QUIET_MS);
    try {
      return await solution;
    } finally {
      clearTimeout(slow);
      setChecking(false);
    }
  }, [prepare]);

  const withChallenge = useCallback(
    async <T>(submit: (altcha?: string) => Promise<T>): Promise<T> => {
      if (!enabled) return submit();
      try {
        return await submit(await take()).catch(async (error: unknown) => {
          if (!isChallengeRefusal(error)) throw error;
          return submit(await take());
        });
      } finally {
        void prepare();
      }
    },
    [enabled, prepare, take],
  );

  return { withChallenge, checking };
}
