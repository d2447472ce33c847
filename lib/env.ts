import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ConfigError } from "@/lib/config/errors";

/**
 * The only reader of process.env. Everything else receives a typed Env.
 * docs/contract.md ("Runtime") is the contract for every variable here.
 */
/** LOG_LEVEL's values (pino's levels), least verbose last. */
export const LOG_LEVELS = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"])
    .default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      "must start with postgres:// or postgresql://",
    )
    .optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional(),
  // Laravel's key: the second factor's columns are read and written in its encrypter's format (decision record 023).
  APP_KEY: z
    .string()
    .regex(
      /^(base64:[A-Za-z0-9+/]{43}=|[^:].{31})$/,
      'must be "base64:" followed by 32 bytes in base64, as php artisan key:generate writes it',
    )
    .optional(),
  // Laravel Passport's signing keys, PEM (decision record 050); else DATA_DIR/oauth-*.key.
  PASSPORT_PRIVATE_KEY: z.string().optional(),
  PASSPORT_PUBLIC_KEY: z.string().optional(),
  // The key a rotation replaced, still published in the JWKS and accepted on tokens it signed
  // until they expire (decision record 092); else DATA_DIR/oauth-public.previous.key.
  PASSPORT_PREVIOUS_PUBLIC_KEY: z.string().optional(),
  SESSION_COOKIE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("auth_session"),
  SESSION_LIFETIME: z.coerce.number().int().positive().default(120),
  SESSION_DOMAIN: z.string().optional(),
  SESSION_SECURE_COOKIE: z.enum(["true", "false"]).optional(),
  SANCTUM_STATEFUL_DOMAINS: z.string().optional(),
  CORS_ALLOWED_ORIGINS: z.string().optional(),
  ADMIN_EMAILS: z.string().default(""),
  MAIL_DRIVER: z.enum(["outbox", "resend"]).optional(),
  MAIL_OUTBOX_DIR: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  RESEND_API_KEY: z.string().optional(),
  RESEND_BASE_URL: z.url().optional(),
  AUTH_CONFIG_JSON: z.string().optional(),
  SERVICES_CONFIG_JSON: z.string().optional(),
  // Proxies trusted in front of this server, counted in hops; `true` is one, `false` none (lib/http/request.ts clientIp).
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|[0-9]{1,2})$/,
      "must be true, false or a number of proxy hops (0-32)",
    )
    .transform((value) =>
      value === "true" ? 1 : value === "false" ? 0 : Number(value),
    )
    .pipe(
      z
        .int()
        .min(0)
        .max(32, "must be true, false or a number of proxy hops (0-32)"),
    )
    .default(0),
  QUEUE_WORKER: z.enum(["true", "false"]).default("true"),
  // Decision record 019: the least severe level written; development prints readable lines.
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  // Lets a scraper off loopback read /metrics with `Authorization: Bearer …` (decision record 019).
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional(),
});

type RawEnv = z.infer<typeof envSchema>;

export type Env = Omit<
  RawEnv,
  | "SESSION_SECRET"
  | "APP_URL"
  | "MAIL_DRIVER"
  | "MAIL_OUTBOX_DIR"
  | "SESSION_SECURE_COOKIE"
> & {
  APP_URL: string;
  SESSION_SECRET: string;
  MAIL_DRIVER: "outbox" | "resend";
  MAIL_OUTBOX_DIR: string;
  /** Secure cookies: on in production unless SESSION_SECURE_COOKIE=false (plain-HTTP deployments and tests). */
  secureCookies: boolean;
  isProduction: boolean;
};

type Source = Record<string, string | undefined>;

/** Parses and completes the environment. Throws ConfigError naming the variable. */
export function loadEnv(source: Source = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(
      ([key, value]) =>
        key in envSchema.shape && value !== undefined && value !== "",
    ),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success)
    throw ConfigError.fromZod("environment", result.error.issues);
  const raw = result.data;
  const isProduction = raw.NODE_ENV === "production";
  return {
    ...raw,
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(
      /\/+$/,
      "",
    ),
    SESSION_SECRET: raw.SESSION_SECRET ?? developmentSecret(raw, isProduction),
    MAIL_DRIVER: raw.MAIL_DRIVER ?? (raw.RESEND_API_KEY ? "resend" : "outbox"),
    MAIL_OUTBOX_DIR: raw.MAIL_OUTBOX_DIR ?? path.join(raw.DATA_DIR, "outbox"),
    secureCookies: raw.SESSION_SECURE_COOKIE
      ? raw.SESSION_SECURE_COOKIE === "true"
      : isProduction,
    isProduction,
  };
}

// docs/contract.md ("Runtime"): in development a random secret is created once and kept in DATA_DIR.
function developmentSecret(raw: RawEnv, isProduction: boolean): string {
  if (isProduction)
    throw new ConfigError(
      "SESSION_SECRET",
      "is required in production (32+ characters)",
    );
  const file = path.join(raw.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(raw.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
