import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { settings } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { type AuthConfig, buildAuthConfig } from "@/lib/config/auth";
import type { Env } from "@/lib/env";
import { ConfigError } from "@/lib/config/errors";
import { invalid } from "@/lib/http/errors";
import { translate, type Replacements } from "@/lib/i18n/catalog";
import { flatten, isEditable, unflatten } from "@/lib/settings/keys";
import { settingIssueMessage } from "@/lib/settings/setting-issues";
import { log } from "@/lib/observability/request-scope";
import { applySettings, type Services } from "@/lib/server/services";

/** How often an instance re-reads the settings table: a change is in force everywhere within this. */
export const SETTINGS_REFRESH_MS = 2000;

export type SettingsState = {
  overrides: Record<string, unknown>;
  config: AuthConfig;
};

/** The effective configuration: start-up configuration with the stored overrides on top. */
export function effectiveConfig(
  env: Env,
  overrides: Record<string, unknown>,
): AuthConfig {
  return buildAuthConfig(env, unflatten(overrides));
}

export async function readOverrides(db: Db): Promise<Record<string, unknown>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/**
 * Loads the stored overrides; the configuration is rebuilt only when they differ from `current`'s.
 * A stored value that no longer validates (the start-up configuration changed under it) is
 * skipped and logged rather than stopping the service.
 */
export async function loadSettings(
  db: Db,
  env: Env,
  current?: SettingsState,
): Promise<SettingsState> {
  const overrides = await readOverrides(db);
  if (
    current &&
    JSON.stringify(overrides) === JSON.stringify(current.overrides)
  )
    return current;
  try {
    return { overrides, config: effectiveConfig(env, overrides) };
  } catch (error) {
    log().error(
      { detail: (error as Error).message },
      "settings: stored settings are invalid and were ignored",
    );
    return { overrides: {}, config: effectiveConfig(env, {}) };
  }
}

/**
 * Reads the settings table and puts what it holds in force in this process, unless a read begun
 * later is in force already. Every instance does this every SETTINGS_REFRESH_MS, and a change
 * does it once its transaction has committed. Without the numbering, a periodic read begun
 * before a change committed, and answered after the change was in force, put the table as it
 * was back in force on the very instance that changed it, for up to SETTINGS_REFRESH_MS
 * (decision record 118).
 */
export async function reloadSettings(target: Services): Promise<void> {
  const read = ++target.settingsReads.begun;
  const state = await loadSettings(target.database.db, target.env, {
    overrides: target.settingsOverrides,
    config: target.config,
  });
  if (read < target.settingsReads.inForce) return;
  target.settingsReads.inForce = read;
  applySettings(target, state);
}

type Change = {
  db: Db;
  env: Env;
  current: SettingsState;
  /** Null for the command line. */
  actorId: number | null;
  ip: string;
  now: Date;
  /** Refuses (throws) a resulting configuration the caller may not put in force; nothing is written then. */
  allows?: (before: AuthConfig, after: AuthConfig) => void;
  /** The reader's language for the field's name in a refusal; English for the command line. */
  t?: (key: string, replacements?: Replacements) => string;
};

function validated(
  change: Change,
  overrides: Record<string, unknown>,
  key: string,
): AuthConfig {
  let config: AuthConfig;
  try {
    config = effectiveConfig(change.env, overrides);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The first issue about this key, worded for a person (lib/settings/setting-issues.ts); an
    // issue elsewhere (a limiter a route names) keeps the schema's words.
    const issue = error.issues.find(
      (candidate) =>
        candidate.path.slice(0, key.split(".").length).join(".") === key,
    );
    if (issue) {
      const t = change.t ?? ((k, r) => translate("en", k, r));
      const message = settingIssueMessage(key, issue, t);
      throw invalid("value", message.key, message.replacements);
    }
    throw invalid("value", "The value of :key is invalid: :detail", {
      key,
      detail: error.message.replace(/^AUTH_CONFIG_JSON [^:]*: /, ""),
    });
  }
  change.allows?.(change.current.config, config);
  return config;
}

/** Sets one key: validated with the start-up schema, stored, audited. Nothing is half-applied. */
export async function changeSetting(
  change: Change,
  key: string,
  value: unknown,
): Promise<SettingsState> {
  const leaves = flatten(change.current.config);
  if (
    !(key in leaves) ||
    !isEditable(key, change.current.config["editable-settings"])
  ) {
    throw invalid("key", "The setting :key cannot be changed here.", { key });
  }
  const overrides = { ...change.current.overrides, [key]: value };
  const config = validated(change, overrides, key);
  const old = leaves[key];
  await change.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({
        key,
        value: value as object,
        updatedBy: change.actorId,
        updatedAt: change.now,
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: {
          value: value as object,
          updatedBy: change.actorId,
          updatedAt: change.now,
        },
      });
    await recordActivity(
      tx,
      {
        event: "setting-changed",
        causerId: change.actorId,
        ip: change.ip,
        properties: { key, old: old ?? null, new: value },
      },
      change.now,
    );
  });
  return { overrides, config };
}

/** Reverts one key to its start-up value. */
export async function revertSetting(
  change: Change,
  key: string,
): Promise<SettingsState> {
  if (!(key in change.current.overrides)) return change.current;
  const { [key]: old, ...overrides } = change.current.overrides;
  const config = validated(change, overrides, key);
  await change.db.transaction(async (tx) => {
    await tx.delete(settings).where(eq(settings.key, key));
    await recordActivity(
      tx,
      {
        event: "setting-changed",
        causerId: change.actorId,
        ip: change.ip,
        properties: { key, old, new: null, reverted: true },
      },
      change.now,
    );
  });
  return { overrides, config };
}
