import "server-only";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { z } from "zod";
import type { Context } from "@/lib/server/context";
import { hit, limiterKey } from "@/lib/auth/rate-limit";
import { deriveKey } from "@/lib/crypto/secrets";

// ALTCHA's open protocol, served by its maintained library (altcha-lib's v1 API: the widget's
// classic challenge of SHA-256 over salt and a secret number). Decision record 108.

/** The key that signs challenges, one purpose of SESSION_SECRET as every derived key here. */
const hmacKey = (ctx: Context) => deriveKey(ctx.env.SESSION_SECRET, "altcha");

/** A fresh challenge, lasting `challenge.expire-seconds` from the request's clock. */
export function issueChallenge(ctx: Context) {
  const { challenge } = ctx.config;
  return createChallenge({
    hmacKey: hmacKey(ctx),
    maxNumber: challenge["max-number"],
    expires: new Date(ctx.now.getTime() + challenge["expire-seconds"] * 1000),
  });
}

// What a solution must look like before the library reads it: only the algorithm this server
// issues, so no payload picks another.
const payloadSchema = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.int().min(0),
  salt: z.string().max(500),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

function decode(field: string) {
  try {
    return payloadSchema.safeParse(
      JSON.parse(Buffer.from(field, "base64").toString("utf8")),
    ).data;
  } catch {
    return undefined;
  }
}

/**
 * Whether `field` (the form's `altcha`) solves a challenge this server signed that has not
 * expired by the request's clock, and spends it: the first request to present it wins, across
 * instances, as the limiter counts (a row of rate_limits under the challenge's signature, kept
 * until it expires, then pruned with them).
 */
export async function spendSolution(
  ctx: Context,
  field: string,
): Promise<boolean> {
  const payload = decode(field);
  if (!payload) return false;
  const expires = Number(extractParams(payload).expires) * 1000;
  if (!Number.isFinite(expires) || expires <= ctx.now.getTime()) return false;
  // The clock is checked above, against the request's; the library checks the signature and number.
  if (!(await verifySolution(payload, hmacKey(ctx), false))) return false;
  const seconds = Math.ceil((expires - ctx.now.getTime()) / 1000);
  const window = await hit(
    ctx.db,
    limiterKey("altcha", payload.signature),
    seconds,
    ctx.now,
  );
  return window.hits === 1;
}
