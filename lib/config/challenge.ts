import { z } from "zod";

/**
 * Proof-of-work challenges (ALTCHA's open protocol, decision record 108): off by default; the
 * largest number a client may have to try (its work, about half of it on average), how long a
 * challenge lasts, and after how many failed sign-ins from one address, counted for how long,
 * the sign-in asks for one too.
 */
export const challengeConfigSchema = z.strictObject({
  enabled: z.boolean(),
  // Below 1,000 the work is nothing; above 10 million a phone takes many seconds.
  "max-number": z.int().min(1000).max(10_000_000),
  "expire-seconds": z.int().min(30).max(3600),
  "sign-in-after-failures": z.int().min(0).max(1000),
  "failure-minutes": z.int().min(1).max(1440),
});
