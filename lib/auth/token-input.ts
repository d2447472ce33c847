import ipaddr from "ipaddr.js";
import { z } from "zod";
import type { AuthConfig } from "@/lib/config/auth";
import { TOKEN_ABILITIES } from "@/lib/contract/token-abilities";

/**
 * The fields create-token takes beyond Sanctum's (decision record 045), validated here once. Every
 * bound is a 422 naming the field, never a value the database would refuse.
 */
const DAY_SECONDS = 86_400;
const YEAR_SECONDS = 365 * DAY_SECONDS;

/** The abilities a token may carry: `*`, the declared ones, and any a route's `abilities:`/`ability:` middleware asks for. */
export function declaredAbilities(config: AuthConfig): Set<string> {
  const names = new Set<string>(["*", ...TOKEN_ABILITIES]);
  for (const specs of Object.values(config.routes.middlewares))
    for (const spec of specs) {
      const match = /^abilit(?:y|ies):(.+)$/.exec(spec);
      for (const name of match?.[1]?.split(",") ?? []) names.add(name.trim());
    }
  return names;
}

export const abilitiesInput = (config: AuthConfig) => {
  const declared = declaredAbilities(config);
  return z
    .array(z.string().min(1).max(255))
    .max(100)
    .superRefine((abilities, ctx) => {
      for (const ability of abilities)
        if (!declared.has(ability))
          ctx.addIssue({
            code: "custom",
            message:
              "The ability :ability is not one of the declared abilities.",
            params: { ability },
          });
    });
};

/** A CIDR range or a single address (stored as its /32 or /128). */
const cidr = z
  .string()
  .max(64)
  .refine((value) => ipaddr.isValidCIDR(value) || ipaddr.isValid(value), {
    message: "The :attribute field must be an IP address or CIDR range.",
  })
  .transform((value) => {
    if (ipaddr.isValidCIDR(value)) {
      const [address, bits] = ipaddr.parseCIDR(value);
      return `${address.toString()}/${bits}`;
    }
    const address = ipaddr.parse(value);
    return `${address.toString()}/${address.kind() === "ipv4" ? 32 : 128}`;
  });

/** Laravel's `numeric` for a token's id: a number or a string of digits. */
export const tokenIdInput = z.union(
  [
    z.int().positive(),
    z
      .string()
      .regex(/^\d{1,18}$/)
      .transform(Number),
  ],
  { error: "The :attribute field must be a number." },
);

const count = (max: number) => z.int().min(1).max(max);

export const tokenSettingsFields = {
  idle_expires_in: z.int().min(60).max(YEAR_SECONDS).nullish(),
  rate_limit: count(1_000_000).nullish(),
  quota: count(1_000_000_000).nullish(),
  quota_refill: count(1_000_000_000).nullish(),
  quota_interval: z.int().min(60).max(YEAR_SECONDS).nullish(),
  allowed_ips: z.array(cidr).min(1).max(50).nullish(),
};

type SettingsFields = {
  quota?: number | null;
  quota_refill?: number | null;
  quota_interval?: number | null;
};

/** A refill needs its interval and a quota to refill (Better Auth's api-key rule, as 422s). */
export function checkQuotaFields(input: SettingsFields, ctx: z.RefinementCtx) {
  const hasRefill = input.quota_refill != null;
  const hasInterval = input.quota_interval != null;
  if (hasRefill !== hasInterval)
    ctx.addIssue({
      code: "custom",
      path: [hasRefill ? "quota_interval" : "quota_refill"],
      message: "The :attribute field is required when :other is present.",
      params: { other: hasRefill ? "quota_refill" : "quota_interval" },
    });
  if ((hasRefill || hasInterval) && input.quota == null)
    ctx.addIssue({
      code: "custom",
      path: ["quota"],
      message: "The :attribute field is required when :other is present.",
      params: { other: hasRefill ? "quota_refill" : "quota_interval" },
    });
}

export { DAY_SECONDS };
