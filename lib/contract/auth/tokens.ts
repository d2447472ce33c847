import { z } from "zod";
import { stamp } from "@/lib/contract/users/user";

/** A personal access token as the tokens action lists it, with its own settings and use (decision record 045). */
export const tokenSchema = z.object({
  id: z.int(),
  name: z.string(),
  abilities: z.array(z.string()),
  last_used_at: stamp,
  expires_at: stamp,
  created_at: stamp,
  updated_at: stamp,
  idle_expires_in: z.int().nullable(),
  rate_limit: z.int().nullable(),
  quota: z.int().nullable(),
  quota_refill: z.int().nullable(),
  quota_interval: z.int().nullable(),
  quota_remaining: z.int().nullable(),
  allowed_ips: z.array(z.string()).nullable(),
  last_used_ip: z.string().nullable(),
  last_used_user_agent: z.string().nullable(),
  requests_24h: z.int(),
  requests_30d: z.int(),
  rolled_from: z.int().nullable(),
  replaced_by: z.int().nullable(),
});

export type Token = z.output<typeof tokenSchema>;

const count = z.int().nullish();
/** A token's id as a number or a string of digits (Laravel's `numeric`); the endpoint gets the number. */
const tokenId = z.union([z.int(), z.string()]).transform(Number);

/** create-token's fields (contract §4 rule 4; decision records 023 and 045). */
export const createTokenInput = z.object({
  email: z.string(),
  password: z.string(),
  name: z.string(),
  abilities: z.array(z.string()).nullish(),
  team_id: z.int().nullish(),
  expires_at: z.string().nullish(),
  expiration_date: z.string().nullish(),
  idle_expires_in: count,
  rate_limit: count,
  quota: count,
  quota_refill: count,
  quota_interval: count,
  allowed_ips: z.array(z.string()).nullish(),
  code: z.string().nullish(),
  recovery_code: z.string().nullish(),
});

export const createTokenOutput = z.object({ token: z.string() });
export const tokensOutput = z.object({ tokens: z.array(tokenSchema) });
export const revokeTokenInput = z.object({ token_id: tokenId });
export const revokeTokenOutput = z.object({ revoked: z.boolean() });
export const rollTokenInput = z.object({
  token_id: tokenId,
  grace_seconds: z.int().nullish(),
});
export const rollTokenOutput = z.object({
  token: z.string(),
  token_id: z.int(),
  previous_expires_at: stamp,
});
