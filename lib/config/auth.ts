import { z } from "zod";
import { limiterRule } from "@/lib/config/limiter-rule";
import { ACTION_NAMES, type ActionName } from "@/lib/contract/auth-actions";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import { challengeConfigSchema } from "@/lib/config/challenge";
import { ConfigError } from "@/lib/config/errors";
import { deepMerge, isPlainObject, parseJsonObject } from "@/lib/config/merge";

function actionMap<T extends z.ZodType>(value: T) {
  return z.strictObject(
    Object.fromEntries(ACTION_NAMES.map((name) => [name, value])) as Record<
      ActionName,
      T
    >,
  );
}

// A redirect target is an internal path (starts with /, not // or /\): an administrator's settings
// change must not turn every sign-in into a redirect to another site (decision 011).
const redirectTarget = z
  .string()
  .regex(
    /^\/(?![/\\])/,
    "must be an internal path: starts with /, not // or /\\",
  );

// `name` or `name:arg,arg` — names are resolved against the middleware registry at start.
const middlewareSpec = z
  .string()
  .regex(
    /^[a-z][a-z0-9_.-]*(:[^:]*)?$/i,
    "must look like name or name:arg,arg",
  );

const segment = z
  .string()
  .regex(
    /^[A-Za-z0-9._~\-/{}]*$/,
    "must be a URI path without query or fragment",
  );

// First path segments the OAuth prefix may not take: proxy.ts answers 404 under /internal, Next keeps /_next,
// app/uploads/[name] serves /uploads, and a prefix over the screens' folders would send their pages to the API.
const RESERVED_FOLDERS = ["internal", "_next", "uploads", "admin", "docs"];

export const authConfigSchema = z.strictObject({
  "user-class": z.string(),
  "user-fillable": z.array(z.string()),
  "allow-registration": z.boolean(),
  "allow-impersonate": z.boolean(),
  "must-verify-email": z.boolean(),
  admins: z.array(z.string()),
  password: z.strictObject({
    length: z.int().min(1).max(128),
    uppercase: z.boolean(),
    number: z.boolean(),
    // Laravel's `Password::uncompromised()`: also ask the Pwned Passwords range API (decision record 089).
    uncompromised: z.boolean(),
  }),
  // Where the range API is asked, and how long before an unanswered lookup accepts the password
  // (decision record 089); never editable at run time: it is where password hashes' prefixes go.
  "pwned-passwords": z.strictObject({
    url: z.url({ protocol: /^https?$/ }),
    "timeout-ms": z.int().min(100).max(30_000),
  }),
  frontend: z.strictObject({ "reset-password": z.string().min(1) }),
  routes: z.strictObject({
    active: z.boolean(),
    as: z.string(),
    prefix: segment,
    uris: actionMap(segment),
    names: actionMap(z.string().min(1)),
    middlewares: actionMap(z.array(middlewareSpec)),
    redirects: actionMap(redirectTarget),
  }),
  limiters: z.record(
    z
      .string()
      .regex(
        /^[a-z][a-z0-9-]*$/,
        "limiter names are lower-case words joined by -",
      ),
    z.array(limiterRule).min(1),
  ),
  limits: z.strictObject({
    // Upper bounds (decision 011): a number too large for the server to use (a lockout ending in
    // the year 275760) would make every login a 500; a day, or a thousand, is the sane limit.
    "login-attempts": z.int().min(1).max(1000),
    "login-decay-seconds": z.int().min(1).max(86_400),
    "account-failures-before-delay": z.int().min(1).max(1000),
    "account-max-delay-seconds": z.int().min(1).max(86_400),
    "impersonation-token-ttl": z.int().min(1).max(3600),
    "impersonation-max-duration": z.int().min(1).max(86_400),
  }),
  verification: z.strictObject({ expire: z.int().min(1).max(10_080) }),
  // Capabilities off until an operator turns them on (decision record 088).
  features: z.strictObject({ passwordless: z.boolean() }),
  challenge: challengeConfigSchema,
  // Minutes a mailed sign-in link and its code last; the lockout after wrong codes (record 088).
  passwordless: z.strictObject({
    expire: z.int().min(1).max(60),
    "lockout-failures": z.int().min(1).max(100),
    "lockout-minutes": z.int().min(1).max(1440),
  }),
  "authentication-log": z.strictObject({
    "new-device-mail": z.boolean(),
    "not-me-expire": z.int().min(1).max(10_080),
    "purge-days": z.int().min(1).max(3650),
  }),
  passwords: z.strictObject({
    expire: z.int().min(1).max(1440),
    "confirm-timeout": z.int().min(1).max(604_800),
  }),
  "two-factor": z.strictObject({
    required: z.enum(["none", "admins", "everyone"]),
    issuer: z
      .string()
      .min(1)
      .max(100)
      .regex(
        /^[^:]+$/,
        "must not contain a colon (it separates issuer and account in otpauth:// labels)",
      ),
    "challenge-attempts": z.int().min(1).max(100),
    "lockout-failures": z.int().min(1).max(1000),
    "lockout-minutes": z.int().min(1).max(1440),
  }),
  // Passkeys (records 025, 070): the id is APP_URL's host; the name, the prompt's (null: the id).
  passkeys: z.strictObject({
    "relying-party-name": z.string().min(1).max(100).nullable(),
  }),
  // bcrypt cost 15 is about 8 times the default 12: above it one login takes seconds of a core.
  hashing: z.strictObject({ rounds: z.int().min(4).max(15) }),
  uploads: z.strictObject({
    "max-kilobytes": z.int().min(1).max(20_480),
    "max-files": z.int().min(1).max(100_000),
    "max-total-kilobytes": z.int().min(1).max(10_485_760),
  }),
  // Retention (decision 015): how long spent rows and files are kept before the pruning task
  // deletes them; bounded like the limits, so a typo cannot overflow a date.
  retention: z.strictObject({
    "prune-every-minutes": z.int().min(1).max(10_080),
    "sessions-hours": z.int().min(0).max(87_600),
    "rate-limits-hours": z.int().min(0).max(87_600),
    "reset-tokens-hours": z.int().min(0).max(87_600),
    "tokens-hours": z.int().min(0).max(87_600),
    "uploads-hours": z.int().min(1).max(87_600),
    "failed-mail-days": z.int().min(0).max(3650),
    // At least a day: an account deleted by mistake must be restorable (decision record 021).
    "deleted-accounts-days": z.int().min(1).max(3650),
    "webhook-deliveries-days": z.int().min(1).max(3650),
  }),
  webhooks: z.strictObject({ "allow-private-addresses": z.boolean() }),
  // Personal access tokens (decision record 045).
  tokens: z.strictObject({
    // Inside the secret, after `<id>|`, as Sanctum's `token_prefix`: letters, digits, `_`.
    prefix: z.string().regex(/^[A-Za-z0-9_]{0,16}$/),
    "max-lifetime-days": z.int().min(0).max(3650),
    "require-expiry": z.boolean(),
    "last-used-interval-seconds": z.int().min(1).max(86_400),
    "revoke-unused-days": z.int().min(0).max(3650),
    "revoke-on-password-change": z.boolean(),
  }),
  // The OAuth server's dynamic client registration (decision record 052).
  oauth: z.strictObject({
    // Passport's `passport.path` (lib/oauth/path-prefix.ts): path segments, no slash at either
    // end; not a folder the server keeps for itself or for its screens, which the prefix would hide.
    path: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/,
        "must be path segments of letters, digits, _ or -, joined by /, no / at either end",
      )
      .refine(
        (path) => !RESERVED_FOLDERS.includes(path.split("/")[0] ?? ""),
        "must not be under internal, _next, uploads, admin or docs",
      ),
    // Where a registered client may send users back: "*" (any), or origins/prefixes (Laravel MCP's `mcp.redirect_domains`).
    "redirect-domains": z.array(z.string().min(1).max(2000)).max(100),
    "registration-scopes": z.array(z.string().min(1)).max(50),
    "registered-client-unused-days": z.int().min(0).max(3650),
    // OAuth 2.1's defaults (decision record 081): PKCE for every client, lifetimes up to a year.
    "require-pkce-for-confidential-clients": z.boolean(),
    "access-token-minutes": z.int().min(1).max(525_600),
    "refresh-token-days": z.int().min(1).max(3650),
    "client-metadata-allow-private-addresses": z.boolean(),
  }),
  // Teams on Laravel Jetstream's tables (decision record 087; docs/teams.md).
  teams: z.strictObject({
    // Jetstream's `Features::teams()`: the team routes and get-auth's team fields.
    enabled: z.boolean(),
    // A personal team ("<first name>'s Team") made at registration, never deletable.
    personal: z.boolean(),
    // Jetstream's `['invitations' => true]`: adding a member mails an invitation; false adds at once.
    invitations: z.boolean(),
    // `Jetstream::role(key, name, permissions)`, declared once; a member's role is one of these keys.
    roles: z
      .array(
        z.strictObject({
          key: z.string().regex(/^[A-Za-z0-9_:-]{1,64}$/),
          name: z.string().min(1).max(100),
          permissions: z.array(z.string().min(1).max(100)).max(100),
          description: z.string().max(500),
        }),
      )
      .max(50)
      .refine(
        (roles) => new Set(roles.map((role) => role.key)).size === roles.length,
        "each role's key must be unique",
      ),
    "max-members": z.int().min(1).max(100_000),
    "max-pending-invitations": z.int().min(1).max(10_000),
    "invitation-days": z.int().min(1).max(365),
  }),
  "editable-settings": z.array(
    z
      .string()
      .refine(
        (key) =>
          !/^(routes\.(prefix|uris|names|as|active|middlewares)|hashing|user-class|oauth(\.path)?$)/.test(
            key,
          ),
        "route URIs, names, middleware, the OAuth prefix and hashing are never editable at run time",
      ),
  ),
});

/** Every `throttle:<name>` of the route table names a limiter that exists. */
function checkLimiterNames(
  config: z.infer<typeof authConfigSchema>,
  ctx: z.RefinementCtx,
): void {
  for (const [action, specs] of Object.entries(config.routes.middlewares)) {
    specs.forEach((spec, index) => {
      const name = /^throttle:([a-z][a-z0-9-]*)$/.exec(spec)?.[1];
      if (name && !config.limiters[name]) {
        ctx.addIssue({
          code: "custom",
          path: ["routes", "middlewares", action, index],
          message: `no limiter named "${name}" in limiters`,
        });
      }
    });
  }
}

export type AuthConfig = z.infer<typeof authConfigSchema>;
export type PasswordRules = AuthConfig["password"];

/** contract §1 rule 5: comma-separated, whitespace trimmed, empty entries dropped. */
export function parseAdminEmails(value: string): string[] {
  return value
    .split(",")
    .map((email) => email.trim())
    .filter((email) => email !== "");
}

// contract §1: a configuration from before 6.0 keeps the password rules under routes.password.
function upgradeLegacyKeys(
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const routes = overrides.routes;
  if (!isPlainObject(routes) || !("password" in routes)) return overrides;
  const { password: legacy, ...rest } = routes;
  return {
    ...overrides,
    routes: rest,
    password: deepMerge(legacy, overrides.password),
  };
}

/** Builds and validates the auth configuration; throws ConfigError naming the first bad key. */
export function buildAuthConfig(
  input: { AUTH_CONFIG_JSON?: string; ADMIN_EMAILS?: string },
  extra: unknown = {},
): AuthConfig {
  const overrides = upgradeLegacyKeys(
    parseJsonObject("AUTH_CONFIG_JSON", input.AUTH_CONFIG_JSON),
  );
  const base = {
    ...AUTH_DEFAULTS,
    admins: parseAdminEmails(input.ADMIN_EMAILS ?? ""),
  };
  const result = authConfigSchema
    .superRefine(checkLimiterNames)
    .safeParse(deepMerge(deepMerge(base, overrides), extra));
  if (!result.success)
    throw ConfigError.fromZod("AUTH_CONFIG_JSON", result.error.issues);
  return result.data;
}
