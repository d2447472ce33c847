import { z } from "zod";
import { ConfigError } from "@/lib/config/errors";
import { parseJsonObject } from "@/lib/config/merge";

// Endpoints the server will call with a client secret or an access token: http(s) only.
const httpUrl = () =>
  z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });

// An absolute scheme (`https:`, `javascript:`…) or a protocol-relative `//host`.
const ABSOLUTE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

const common = {
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  /** Relative to APP_URL, or absolute. */
  redirect: z
    .string()
    .min(1)
    .refine(
      (value) =>
        !ABSOLUTE.test(value) ||
        (/^https?:\/\//i.test(value) && URL.canParse(value)),
      {
        error: "must be a path relative to APP_URL or an absolute http(s) URL",
      },
    ),
  scopes: z.array(z.string().min(1)).optional(),
  /** Shown on the login button. */
  label: z.string().min(1).optional(),
};

const providerSchema = z.discriminatedUnion("driver", [
  z.strictObject({ driver: z.literal("github"), ...common }),
  z.strictObject({ driver: z.literal("google"), ...common }),
  z.strictObject({
    driver: z.literal("gitlab"),
    ...common,
    base_url: httpUrl().optional(),
  }),
  z.strictObject({
    driver: z.literal("microsoft"),
    ...common,
    tenant: z.string().default("common"),
  }),
  z.strictObject({
    driver: z.literal("oidc"),
    ...common,
    authorization_endpoint: httpUrl(),
    token_endpoint: httpUrl(),
    userinfo_endpoint: httpUrl(),
  }),
]);

export const PROVIDER_DRIVERS = [
  "github",
  "google",
  "gitlab",
  "microsoft",
  "oidc",
] as const;
export type ProviderDriver = (typeof PROVIDER_DRIVERS)[number];

export type ProviderConfig = z.infer<typeof providerSchema>;
export type ServicesConfig = Record<string, ProviderConfig>;

const PROVIDER_NAME = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * SERVICES_CONFIG_JSON: provider name → entry. A provider's driver defaults to its name
 * (`github`, `google`, …) as in Laravel's services.php; an unknown driver stops the start.
 */
export function loadServicesConfig(input: {
  SERVICES_CONFIG_JSON?: string;
}): ServicesConfig {
  const raw = parseJsonObject(
    "SERVICES_CONFIG_JSON",
    input.SERVICES_CONFIG_JSON,
  );
  const providers: ServicesConfig = {};
  for (const [name, entry] of Object.entries(raw)) {
    if (!PROVIDER_NAME.test(name))
      throw new ConfigError(
        `SERVICES_CONFIG_JSON ${name}`,
        "provider names are lower-case letters, digits, - and _",
      );
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw new ConfigError(
        `SERVICES_CONFIG_JSON ${name}`,
        "must be an object",
      );
    const driver: unknown = "driver" in entry ? entry.driver : name;
    if (!(PROVIDER_DRIVERS as readonly unknown[]).includes(driver)) {
      // Said plainly: zod's union error ("Invalid input") would not tell what to write instead.
      throw new ConfigError(
        `SERVICES_CONFIG_JSON ${name}.driver`,
        `unknown driver ${JSON.stringify(driver)} (expected one of ${PROVIDER_DRIVERS.join(", ")})`,
      );
    }
    const result = providerSchema.safeParse({ ...entry, driver });
    if (!result.success) {
      const issue = result.error.issues[0];
      const key = [name, ...(issue?.path ?? [])].join(".");
      throw new ConfigError(
        `SERVICES_CONFIG_JSON ${key}`,
        issue?.message ?? "invalid",
      );
    }
    providers[name] = result.data;
  }
  return providers;
}
