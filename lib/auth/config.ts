import { z } from "zod";
import { ACTION_NAMES, type ActionName } from "@/lib/auth/actions";
import { AUTH_DEFAULTS } from "@/lib/auth/config-defaults";
import { ConfigError } from "@/lib/config/errors";
import { deepMerge, isPlainObject, parseJsonObject } from "@/lib/config/merge";

function actionMap<T extends z.ZodType>(value: T) {
  return z.strictObject(
    Object.fromEntries(ACTION_NAMES.map((name) => [name, value])) as Record<ActionName, T>,
  );
}

// A redirect target is an internal path or an absolute http(s) URL chosen by the operator.
const redirectTarget = z
  .string()
  .refine((value) => /^\/(?![/\\])/.test(value) || /^https?:\/\//.test(value), "must be a path starting with / or an http(s) URL");

// `name` or `name:arg,arg` — names are resolved against the middleware registry at start.
const middlewareSpec = z.string().regex(/^[a-z][a-z0-9_.-]*(:[^:]*)?$/i, "must look like name or name:arg,arg");

const segment = z.string().regex(/^[A-Za-z0-9._~\-/{}]*$/, "must be a URI path without query or fragment");

export const authConfigSchema = z.strictObject({
  "user-class": z.string(),
  "user-fillable": z.array(z.string()),
  "allow-registration": z.boolean(),
  "allow-impersonate": z.boolean(),
  "must-verify-email": z.boolean(),
  admins: z.array(z.string()),
  password: z.strictObject({ length: z.int().min(1).max(128), uppercase: z.boolean(), number: z.boolean() }),
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
    z.string().regex(/^[a-z][a-z0-9-]*$/, "limiter names are lower-case words joined by -"),
    z.array(z.strictObject({ by: z.enum(["ip", "email", "user"]), max: z.int().min(1).max(100_000), minutes: z.number().positive().max(1440) })).min(1),
  ),
  limits: z.strictObject({
    "login-attempts": z.int().positive(),
    "login-decay-seconds": z.int().positive(),
    "account-failures-before-delay": z.int().min(1).max(1000),
    "account-max-delay-seconds": z.int().min(1).max(86_400),
    "impersonation-token-ttl": z.int().positive(),
    "impersonation-max-duration": z.int().positive(),
  }),
  verification: z.strictObject({ expire: z.int().positive() }),
  passwords: z.strictObject({ expire: z.int().positive() }),
  hashing: z.strictObject({ rounds: z.int().min(4).max(31) }),
  uploads: z.strictObject({
    "max-kilobytes": z.int().positive(),
    "max-files": z.int().min(1).max(100_000),
    "max-total-kilobytes": z.int().min(1),
  }),
  retention: z.strictObject({
    "prune-every-minutes": z.int().min(1).max(10_080),
    "sessions-hours": z.int().min(0),
    "rate-limits-hours": z.int().min(0),
    "reset-tokens-hours": z.int().min(0),
    "tokens-hours": z.int().min(0),
    "uploads-hours": z.int().min(1),
    "failed-mail-days": z.int().min(0),
  }),
  "editable-settings": z.array(
    z.string().refine((key) => !/^(routes\.(prefix|uris|names|as|active|middlewares)|hashing|user-class)/.test(key), "route URIs, names, middleware and hashing are never editable at run time"),
  ),
});

/** Every `throttle:<name>` of the route table names a limiter that exists. */
function checkLimiterNames(config: z.infer<typeof authConfigSchema>, ctx: z.RefinementCtx): void {
  for (const [action, specs] of Object.entries(config.routes.middlewares)) {
    specs.forEach((spec, index) => {
      const name = /^throttle:([a-z][a-z0-9-]*)$/.exec(spec)?.[1];
      if (name && !config.limiters[name]) {
        ctx.addIssue({ code: "custom", path: ["routes", "middlewares", action, index], message: `no limiter named "${name}" in limiters` });
      }
    });
  }
}

export type AuthConfig = z.infer<typeof authConfigSchema>;
export type PasswordRules = AuthConfig["password"];

/** SPEC.md §1 rule 5: comma-separated, whitespace trimmed, empty entries dropped. */
export function parseAdminEmails(value: string): string[] {
  return value
    .split(",")
    .map((email) => email.trim())
    .filter((email) => email !== "");
}

// SPEC.md §1: a configuration from before 6.0 keeps the password rules under routes.password.
function upgradeLegacyKeys(overrides: Record<string, unknown>): Record<string, unknown> {
  const routes = overrides.routes;
  if (!isPlainObject(routes) || !("password" in routes)) return overrides;
  const { password: legacy, ...rest } = routes;
  return { ...overrides, routes: rest, password: deepMerge(legacy, overrides.password) };
}

/** Builds and validates the auth configuration; throws ConfigError naming the first bad key. */
export function buildAuthConfig(input: { AUTH_CONFIG_JSON?: string; ADMIN_EMAILS?: string }, extra: unknown = {}): AuthConfig {
  const overrides = upgradeLegacyKeys(parseJsonObject("AUTH_CONFIG_JSON", input.AUTH_CONFIG_JSON));
  const base = { ...AUTH_DEFAULTS, admins: parseAdminEmails(input.ADMIN_EMAILS ?? "") };
  const result = authConfigSchema.superRefine(checkLimiterNames).safeParse(deepMerge(deepMerge(base, overrides), extra));
  if (!result.success) throw ConfigError.fromZod("AUTH_CONFIG_JSON", result.error.issues);
  return result.data;
}
