import type { FrontendSettings } from "@/lib/client/frontend-settings";
import type { RouteInput } from "@/lib/client/contract";
import { TOKEN_ABILITIES } from "@/lib/contract/token-abilities";

const DAY_MS = 86_400_000;

const PRESET_DAYS = [7, 30, 90, 365] as const;

export type ExpiryPreset = `${(typeof PRESET_DAYS)[number]}` | "date" | "never";

/**
 * The create form's expiry choices under `tokens.require-expiry` and `tokens.max-lifetime-days`
 * (docs/tokens.md "Personal access tokens"): the day presets within the maximum, a chosen date, and "never" only when a
 * token may live for ever. The server checks the same bounds (422 on `expires_at`).
 */
export function expiryPresets(policy: FrontendSettings["tokens"]): {
  presets: ExpiryPreset[];
  initial: ExpiryPreset;
} {
  const max = policy.maxLifetimeDays;
  const days = PRESET_DAYS.filter((count) => max === 0 || count <= max).map(
    (count) => `${count}` as ExpiryPreset,
  );
  const mayBeEndless = !policy.requireExpiry && max === 0;
  const presets: ExpiryPreset[] = [
    ...days,
    "date",
    ...(mayBeEndless ? (["never"] as const) : []),
  ];
  return { presets, initial: days.includes("30") ? "30" : (days[0] ?? "date") };
}

/** The abilities a token can be given one by one: the declared list. */
export const ABILITY_CHOICES = TOKEN_ABILITIES;

/** Every ability, Sanctum's `*`: a box of its own on the form, checked on purpose. */
export const ALL_ABILITIES = "*";

const number = (data: FormData, name: string): number | undefined => {
  const value = String(data.get(name) ?? "").trim();
  return value === "" ? undefined : Number(value);
};

/**
 * The create form's fields as create-token's input (docs/tokens.md "Personal access tokens"): the server validates each
 * of them and answers 422 on the field; this only shapes what was typed.
 */
export function tokenFormInput(
  data: FormData,
  credentials: { email: string },
  now: number,
): RouteInput<"create-token"> {
  const input: RouteInput<"create-token"> = {
    email: credentials.email,
    password: String(data.get("password") ?? ""),
    name: String(data.get("name") ?? ""),
  };
  // Always sent, even empty: create-token reads a missing list as `["*"]` (contract §2 Token), so
  // leaving it out would turn "nothing checked" into every ability. The form refuses an empty
  // choice before sending (decision record 011, amendment 2026-12-02).
  input.abilities = data.getAll("abilities").map(String);
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
  const team = String(data.get("team_id") ?? "");
  if (team) input.team_id = Number(team);
  return input;
}
