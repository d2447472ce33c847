import type { CreateTokenInput } from "@/lib/client/use-tokens";

const DAY_MS = 86_400_000;

/** The expiry presets of the create form: days from now, a chosen date, or never. */
export const EXPIRY_PRESETS = [
  "7",
  "30",
  "90",
  "365",
  "date",
  "never",
] as const;

/** The abilities a token can be given (lib/config/token-abilities.ts); none checked is full access. */
export const ABILITY_CHOICES = ["user:write", "tokens:write", "admin"] as const;

const number = (data: FormData, name: string): number | undefined => {
  const value = String(data.get(name) ?? "").trim();
  return value === "" ? undefined : Number(value);
};

/**
 * The create form's fields as create-token's input (README "Tokens"): the server validates each
 * of them and answers 422 on the field; this only shapes what was typed.
 */
export function tokenFormInput(
  data: FormData,
  credentials: { email: string },
  now: number,
): CreateTokenInput {
  const input: CreateTokenInput = {
    email: credentials.email,
    password: String(data.get("password") ?? ""),
    name: String(data.get("name") ?? ""),
  };
  const abilities = data.getAll("abilities").map(String);
  if (abilities.length > 0) input.abilities = abilities;
  const preset = String(data.get("expiry") ?? "never");
  const date = String(data.get("expires_at") ?? "");
  if (preset === "date" && date)
    // The end of the chosen day, in the user's time zone.
    input.expires_at = new Date(`${date}T23:59:59`).toISOString();
  else if (preset !== "date" && preset !== "never")
    input.expires_at = new Date(now + Number(preset) * DAY_MS).toISOString();
  const fields = [
    "idle_expires_in",
    "rate_limit",
    "quota",
    "quota_refill",
    "quota_interval",
  ] as const;
  for (const field of fields) {
    const value = number(data, field);
    if (value !== undefined) input[field] = value;
  }
  const ips = String(data.get("allowed_ips") ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);
  if (ips.length > 0) input.allowed_ips = ips;
  return input;
}
