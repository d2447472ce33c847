import "server-only";
import type { AuthConfig } from "@/lib/config/auth";
import { parseJsonObject } from "@/lib/config/merge";
import type { Services } from "@/lib/server/services";
import { flatten, isEditable } from "@/lib/settings/keys";

export type SettingSource = "default" | "environment" | "settings";
export type SettingRow = {
  key: string;
  group: string;
  value: unknown;
  source: SettingSource;
  editable: boolean;
  startup: unknown;
};

const MASK = "••••••••";
const SECRET_ENV = new Set(["SESSION_SECRET", "RESEND_API_KEY"]);

/** A secret's presence, never its value. */
const mask = (value: string | undefined) => (value ? MASK : null);

function maskUrlPassword(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = MASK;
    return parsed.toString();
  } catch {
    return MASK;
  }
}

/** Every auth configuration key with its effective value, where it came from, and whether it can change here. */
export function describeAuthConfig(
  services: Services,
  startup: AuthConfig,
): SettingRow[] {
  const fromEnvironment = flatten(
    parseJsonObject("AUTH_CONFIG_JSON", services.env.AUTH_CONFIG_JSON),
  );
  const startupLeaves = flatten(startup);
  const editable = services.config["editable-settings"];
  return Object.entries(flatten(services.config)).map(([key, value]) => {
    const fromEnv =
      key in fromEnvironment ||
      (key === "admins" && services.env.ADMIN_EMAILS !== "");
    const source: SettingSource =
      key in services.settingsOverrides
        ? "settings"
        : fromEnv
          ? "environment"
          : "default";
    return {
      key,
      group: key.split(".")[0] ?? key,
      value,
      source,
      editable: isEditable(key, editable),
      startup: startupLeaves[key],
    };
  });
}

/** The environment as docs/contract.md ("Runtime") lists it, secrets masked. */
export function describeEnvironment(services: Services) {
  const env = services.env;
  const rows: Record<string, unknown> = {
    PORT: env.PORT,
    APP_URL: env.APP_URL,
    DATABASE_URL: maskUrlPassword(env.DATABASE_URL),
    DATA_DIR: env.DATA_DIR,
    SESSION_SECRET: mask(env.SESSION_SECRET),
    SESSION_DOMAIN: env.SESSION_DOMAIN ?? null,
    SANCTUM_STATEFUL_DOMAINS: services.stateful.sources.join(","),
    ADMIN_EMAILS: env.ADMIN_EMAILS,
    MAIL_DRIVER: env.MAIL_DRIVER,
    MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR,
    MAIL_FROM: env.MAIL_FROM ?? null,
    RESEND_API_KEY: mask(env.RESEND_API_KEY),
  };
  return Object.entries(rows).map(([key, value]) => ({
    key,
    value,
    secret: SECRET_ENV.has(key),
  }));
}

/** The social providers, client secrets masked. */
export function describeProviders(services: Services) {
  return Object.entries(services.providers).map(([name, provider]) => ({
    name,
    ...provider,
    client_secret: MASK,
  }));
}
