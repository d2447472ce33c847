import "server-only";
import {
  and,
  desc,
  eq,
  getTableColumns,
  getTableName,
  is,
  or,
  type Column,
} from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import * as schema from "@/db/schema";
import {
  accountDeletions,
  activityLog,
  authenticationLog,
  pendingUserEmails,
  personalAccessTokens,
  sessions,
  uploads,
  users,
} from "@/db/schema";
import { USER_TYPE } from "@/lib/audit/activity";
import { presentUser } from "@/lib/users/users";

/**
 * Everything this application holds about one user, for "Download my data" and the command line
 * (decision record 021). Secrets never leave: no password hash, session id, token hash, second
 * factor secret or recovery code, passkey key material.
 */
export const USER_DATA_FORMAT = "next-laravel-auth/user-data@1";
/** The newest activity entries included; older ones are summarised by their count. */
const ACTIVITY_LIMIT = 5000;

// Columns never exported, by SQL name, whatever table they are in: secrets, and the counters the
// application keeps for itself (a used TOTP step), which say nothing about the person.
const SECRET_COLUMN =
  /password|secret|token|recovery|credential|public_key|remember|^payload$|_last_step$/i;
// Tables read explicitly below, or not about one user, or the application's own state in flight
// (a passkey ceremony's challenge, bound to a session; a pending second-factor sign-in; a sign-in
// link in flight).
const HANDLED_TABLES = new Set([
  "passkey_challenges",
  "two_factor_challenges",
  "passwordless_links",
  "users",
  "sessions",
  "personal_access_tokens",
  "pending_user_emails",
  "uploads",
  "activity_log",
  "account_deletions",
  "authentication_log",
]);
// How a table of another feature names its user (a passkey's owner, a second factor's user…).
const OWNER_COLUMNS = ["userId", "authenticatableId"];

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** A token's abilities as Sanctum stores them (a JSON list); anything else reads as none. */
function abilitiesOf(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === "string")
      : [];
  } catch {
    return [];
  }
}

/** A row as `{sql_name: value}`, without secret columns; dates as ISO strings. */
function withoutSecrets(
  row: Record<string, unknown>,
  columns: Record<string, Column>,
): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    if (SECRET_COLUMN.test(column.name)) continue;
    const value = row[key];
    shown[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return shown;
}

/**
 * Second-factor status from the account's own columns when the schema has them (Fortify's
 * `two_factor_confirmed_at`, `two_factor_secret`): whether it is on and since when, never the secret.
 */
function secondFactor(user: Record<string, unknown>) {
  if (!("twoFactorConfirmedAt" in user) && !("twoFactorSecret" in user))
    return null;
  const confirmedAt =
    user.twoFactorConfirmedAt instanceof Date
      ? user.twoFactorConfirmedAt
      : null;
  return {
    enabled:
      confirmedAt !== null ||
      (!("twoFactorConfirmedAt" in user) && Boolean(user.twoFactorSecret)),
    confirmed_at: iso(confirmedAt),
  };
}

/** Rows of every other table that names this user as its owner (passkeys, second factors…), secrets left out. */
async function ownedRecords(
  db: Db,
  userId: number,
): Promise<Record<string, Record<string, unknown>[]>> {
  const records: Record<string, Record<string, unknown>[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || HANDLED_TABLES.has(getTableName(table)))
      continue;
    const columns = getTableColumns(table) as Record<string, Column>;
    const owner = OWNER_COLUMNS.map((key) => columns[key]).find(
      (column) => column !== undefined,
    );
    if (!owner) continue;
    const rows = (await db
      .select()
      .from(table)
      .where(eq(owner, userId))) as Record<string, unknown>[];
    records[getTableName(table)] = rows.map((row) =>
      withoutSecrets(row, columns),
    );
  }
  return records;
}

/**
 * The data of user `userId` (soft-deleted too) as one JSON-ready object; throws when there is no
 * such user. `userClass` is `user-class` of the configuration (tokens and pending addresses are
 * stored under it).
 */
export async function exportUserData(
  db: Db,
  userId: number,
  options: { userClass?: string; now?: Date } = {},
): Promise<Record<string, unknown>> {
  const userClass = options.userClass ?? USER_TYPE;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error(`There is no user with id ${userId}.`);
  const [pending] = await db
    .select({
      email: pendingUserEmails.email,
      createdAt: pendingUserEmails.createdAt,
    })
    .from(pendingUserEmails)
    .where(
      and(
        eq(pendingUserEmails.userId, userId),
        eq(pendingUserEmails.userType, userClass),
      ),
    );
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastActivity));
  const tokenRows = await db
    .select()
    .from(personalAccessTokens)
    .where(
      and(
        eq(personalAccessTokens.tokenableId, userId),
        eq(personalAccessTokens.tokenableType, userClass),
      ),
    )
    .orderBy(personalAccessTokens.id);
  const uploadRows = await db
    .select()
    .from(uploads)
    .where(eq(uploads.userId, userId))
    .orderBy(uploads.id);
  const aboutUser = or(
    and(
      eq(activityLog.subjectType, USER_TYPE),
      eq(activityLog.subjectId, userId),
    ),
    and(
      eq(activityLog.causerType, USER_TYPE),
      eq(activityLog.causerId, userId),
    ),
  );
  const activity = await db
    .select()
    .from(activityLog)
    .where(aboutUser)
    .orderBy(desc(activityLog.id))
    .limit(ACTIVITY_LIMIT);
  // Keyed by the morph type too: a Laravel database's table may hold another model's rows under the same id.
  const signInRows = await db
    .select()
    .from(authenticationLog)
    .where(
      and(
        eq(authenticationLog.authenticatableId, userId),
        eq(authenticationLog.authenticatableType, userClass),
      ),
    )
    .orderBy(desc(authenticationLog.id));
  const [deletion] = await db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId));
  return {
    format: USER_DATA_FORMAT,
    exported_at: (options.now ?? new Date()).toISOString(),
    account: {
      ...presentUser(user),
      deleted_at: iso(user.deletedAt),
      pending_email: pending?.email ?? null,
      ...withoutSecrets(user, extraUserColumns()),
    },
    second_factor: secondFactor(user as Record<string, unknown>),
    account_deletion: deletion
      ? { requested_at: deletion.requestedAt.toISOString() }
      : null,
    sessions: sessionRows.map((session) => ({
      ip_address: session.ipAddress,
      user_agent: session.userAgent,
      last_active_at: new Date(session.lastActivity * 1000).toISOString(),
      impersonated_by: session.impersonatorId,
    })),
    tokens: tokenRows.map((token) => ({
      id: token.id,
      name: token.name,
      abilities: abilitiesOf(token.abilities),
      last_used_at: iso(token.lastUsedAt),
      expires_at: iso(token.expiresAt),
      created_at: iso(token.createdAt),
    })),
    uploads: uploadRows.map((upload) => ({
      path: upload.path,
      bytes: upload.bytes,
      created_at: upload.createdAt.toISOString(),
    })),
    authentication_log: signInRows.map((row) => ({
      ip_address: row.ipAddress,
      user_agent: row.userAgent,
      login_at: iso(row.loginAt),
      login_successful: row.loginSuccessful,
      logout_at: iso(row.logoutAt),
      cleared_by_user: row.clearedByUser,
      location: row.location ?? null,
    })),
    ...(await ownedRecords(db, userId)),
    activity: activity.map((entry) => ({
      id: entry.id,
      event: entry.event,
      about_you: entry.subjectType === USER_TYPE && entry.subjectId === userId,
      by_you:
        entry.causerType === USER_TYPE
          ? entry.causerId === userId
          : entry.subjectId === userId,
      properties: entry.properties ?? {},
      created_at: iso(entry.createdAt),
    })),
  };
}

/** Columns of `users` beyond the ones `presentUser` shows (a later feature's, e.g. the second factor's). */
function extraUserColumns(): Record<string, Column> {
  const shown = new Set([
    "id",
    "name",
    "email",
    "emailVerifiedAt",
    "payload",
    "createdAt",
    "updatedAt",
    "deletedAt",
    "password",
    "rememberToken",
  ]);
  return Object.fromEntries(
    Object.entries(getTableColumns(users)).filter(([key]) => !shown.has(key)),
  );
}
