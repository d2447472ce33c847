import { z } from "zod";

/**
 * One rule of a named limiter (`limiters.<name>[]`, docs/configuration.md "Limits"): what it
 * counts by, how many, over how long, and which requests it counts — every one, only those whose
 * input passed validation (`valid-only`, decision record 069), or only those refused
 * (`refused-only`, decision record 116), never both.
 */
export const limiterRule = z
  .strictObject({
    by: z.enum(["ip", "email", "user"]),
    max: z.int().min(1).max(100_000),
    minutes: z.number().positive().max(1440),
    "valid-only": z.boolean().optional(),
    "refused-only": z.boolean().optional(),
  })
  .refine((rule) => !(rule["valid-only"] && rule["refused-only"]), {
    message:
      "a rule counts valid requests or refused ones, not both: valid-only or refused-only",
  });
