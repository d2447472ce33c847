import { z } from "zod";
import { ConfigError } from "@/lib/config/errors";
import { parseJsonObject } from "@/lib/config/merge";

const common = {
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  /** Relative to APP_URL, or absolute. */
  redirect: z.string().min(1),
  scopes: z.array(z.string()).optional(),
  /** Shown on the login button. */
  label: z.string().optional(),
};

const providerSchema = z.discriminatedUnion("driver", [
  z.strictObject({ driver: z.literal("github"), ...common }),
  z.strictObject({ driver: z.literal("google"), ...common }),
  z.strictObject({ driver: z.literal("gitlab"), ...common, base_url: z.url().optional() }),
  z.strictObject({ driver: z.literal("microsoft"), ...common, tenant: z.string().default("common") }),
  z.strictObject({
    driver: z.literal("oidc"),
    ...common,
    authorization_endpoint: z.url(),
    token_endpoint: z.url(),
    userinfo_endpoint: z.url(),
  }),
]);

export type ProviderConfig = z.infer<typeof providerSchema>;
export type ServicesConfig = Record<string, ProviderConfig>;

const PROVIDER_NAME = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * SERVICES_CONFIG_JSON: provider name → entry. A provider's driver defaults to its name
 * (`github`, `google`, …) as in Laravel's services.php; an unknown driver stops the start.
 */
export function loadServicesConfig(input: { SERVICES_CONFIG_JSON?: string }): ServicesConfig {
  const raw = parseJsonObject("SERVICES_CONFIG_JSON", input.SERVICES_CONFIG_JSON);
  const providers: ServicesConfig = {};
  for (const [name, entry] of Object.entries(raw)) {
    if (!PROVIDER_NAME.test(name)) throw new ConfigError(`SERVICES_CONFIG_JSON ${name}`, "provider names are lower-case letters, digits, - and _");
    const withDriver = typeof entry === "object" && entry !== null && !("driver" in entry) ? { driver: name, ...entry } : entry;
    const result = providerSchema.safeParse(withDriver);
    if (!result.success) {
      const issue = result.error.issues[0];
      const key = [name, ...(issue?.path ?? [])].join(".");
      throw new ConfigError(`SERVICES_CONFIG_JSON ${key}`, issue?.message ?? "invalid");
    }
    providers[name] = result.data;
  }
  return providers;
}
