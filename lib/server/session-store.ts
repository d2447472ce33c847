import "server-only";
import { and, eq, lt, ne, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { fromJsonRow, jsonRow } from "@/db/json-row";
import { writeInOneStatement } from "@/db/one-statement";
import { preparedPerDb } from "@/db/prepared";
import { cachedRead } from "@/db/read-cache";
import { pendingUserEmails, sessions, type User, users } from "@/db/schema";

/** What the server keeps of a signed-in session (the `payload` column, JSON). */
export type SessionData = {
  /** Fingerprint of the password hash at sign-in: a password changed elsewhere ends the session. */
  fingerprint: string;
  remember: boolean;
  /** contract §2 Session keys: present while impersonating. */
  impersonate_token?: string;
  /**
   * While impersonating: when the token was requested (ms since the epoch) and the requester's
   * password fingerprint then; with the requester's row, every request checks the impersonation
   * without unsealing the token (decision record 008).
   */
  impersonation?: { at: number; fingerprint: string };
  /** How this session was signed into (docs/second-factor-and-passkeys.md; decision record 024). */
  method?: SignInMethod;
  /** When it was signed into (Unix seconds). */
  signed_in_at?: number;
  /**
   * RFC 8176's methods the sign-in proved (`pwd`, `otp`, `hwk`, `mfa`…), written by a sign-in
   * whose every factor was given and by no impersonation: with it, `signed_in_at` is a proven
   * sign-in, OpenID's `auth_time` (decision record 086).
   */
  amr?: string[];
  /**
   * When an application asked this session's user for a fresh sign-in (OpenID `prompt=login`,
   * `max_age`; Unix seconds): until then the sign-in routes take it as a guest (decision record 086).
   */
  fresh_sign_in_asked_at?: number;
  /** Laravel's `auth.password_confirmed_at` (Unix seconds): the last step-up (decision record 024). */
  password_confirmed_at?: number;
};

/** How long an application's request for a fresh sign-in lets a signed-in session sign in again. */
export const FRESH_SIGN_IN_SECONDS = 600;

/** Whether an application asked this session's user to sign in again, recently enough. */
export function isAskedToSignInAgain(
  data: SessionData | null,
  nowSeconds: number,
): boolean {
  const asked = data?.fresh_sign_in_asked_at;
  return asked !== undefined && nowSeconds - asked <= FRESH_SIGN_IN_SECONDS;
}

/** How a session was signed into: the first factor, or `two-factor` when a second one followed. */
export const SIGN_IN_METHODS = [
  "password",
  "two-factor",
  "social",
  "passkey",
  "impersonation",
  "registration",
  "password-reset",
  "email-link",
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

const isSignInMethod = (value: unknown): value is SignInMethod =>
  SIGN_IN_METHODS.includes(value as SignInMethod);
const seconds = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;
const strings = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === "string")
    ? (value as string[])
    : undefined;

export type SessionRecord = {
  data: SessionData;
  lastActivity: number;
  user: User | null;
  /** Who started the impersonation this session is, and their row (null once soft-deleted). */
  impersonatorId: number | null;
  requester: User | null;
  /** The user's address awaiting confirmation (decision record 012), read in the same statement. */
  pendingEmail?: string | null;
};

const requesters = alias(users, "requester");

const findSessionStatement = preparedPerDb((db) =>
  db
    .select({
      payload: sessions.payload,
      lastActivity: sessions.lastActivity,
      user: users,
      impersonatorId: sessions.impersonatorId,
      // One JSON column, null without an impersonation (db/json-row.ts).
      requester: jsonRow(requesters, requesters.id),
      pendingEmail: pendingUserEmails.email,
    })
    .from(sessions)
    .leftJoin(
      users,
      and(eq(users.id, sessions.userId), sql`${users.deletedAt} is null`),
    )
    .leftJoin(
      pendingUserEmails,
      and(
        eq(pendingUserEmails.userId, users.id),
        eq(pendingUserEmails.userType, sql.placeholder("userClass")),
      ),
    )
    // An impersonation's requester comes with the row: its checks cost no second round trip.
    .leftJoin(
      requesters,
      and(
        eq(requesters.id, sessions.impersonatorId),
        sql`${requesters.deletedAt} is null`,
      ),
    )
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare("find_session"),
);

/**
 * One round trip, prepared: the session row, its user, their pending address and the
 * impersonation's requester (neither user soft-deleted).
 */
export async function findSession(
  db: Db,
  id: string,
  userClass: string,
): Promise<SessionRecord | null> {
  // On PGlite, cached until the next write (decision record 018); the caller judges expiry.
  const rows = await cachedRead(db, `find_session\0${id}\0${userClass}`, () =>
    findSessionStatement(db).execute({ id, userClass }),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    data: parsePayload(row.payload),
    lastActivity: row.lastActivity,
    user: row.user,
    impersonatorId: row.impersonatorId,
    requester: row.requester && fromJsonRow(users, row.requester),
    pendingEmail: row.pendingEmail,
  };
}

function parseImpersonation(value: unknown): SessionData["impersonation"] {
  if (typeof value !== "object" || value === null) return undefined;
  const { at, fingerprint } = value as Record<string, unknown>;
  return typeof at === "number" && typeof fingerprint === "string"
    ? { at, fingerprint }
    : undefined;
}

/** The server-side data of a session row (a row this application did not write reads as invalid). */
export function parsePayload(payload: string): SessionData {
  try {
    const data = JSON.parse(payload) as Partial<SessionData>;
    return {
      fingerprint: String(data.fingerprint ?? ""),
      remember: data.remember === true,
      impersonate_token: data.impersonate_token,
      impersonation: parseImpersonation(data.impersonation),
      method: isSignInMethod(data.method) ? data.method : undefined,
      signed_in_at: seconds(data.signed_in_at),
      amr: strings(data.amr),
      fresh_sign_in_asked_at: seconds(data.fresh_sign_in_asked_at),
      password_confirmed_at: seconds(data.password_confirmed_at),
    };
  } catch {
    // A row this application did not write (a Laravel session): never a valid session here.
    return { fingerprint: "", remember: false };
  }
}

export type NewSession = {
  id: string;
  userId: number;
  impersonatorId?: number;
  ip: string;
  userAgent: string;
  data: SessionData;
  now: number;
};

/** Inserts a session row; `alongside` writes (a login's audit entry…) go in the same statement. */
export async function insertSession(
  db: Db,
  session: NewSession,
  alongside: SQLWrapper[] = [],
): Promise<void> {
  const insert = db.insert(sessions).values({
    id: session.id,
    userId: session.userId,
    impersonatorId: session.impersonatorId ?? null,
    ipAddress: session.ip.slice(0, 45),
    userAgent: session.userAgent.slice(0, 1000),
    payload: JSON.stringify(session.data),
    lastActivity: session.now,
  });
  await writeInOneStatement(db, insert, alongside);
}

/** Deletes a session row; false when it was already gone (another request ended it first). */
export async function deleteSession(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.id, id))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function updateSession(
  db: Db,
  id: string,
  data: SessionData,
  now: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ payload: JSON.stringify(data), lastActivity: now })
    .where(eq(sessions.id, id));
}

/** Refreshes last_activity unless another request or instance already did since `staleBefore`. */
export async function touchSession(
  db: Db,
  id: string,
  now: number,
  staleBefore: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastActivity: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastActivity, staleBefore)));
}

/** Ends every session of a user except `keepId` (none kept when absent); answers how many ended. */
export async function deleteUserSessions(
  db: Pick<Db, "delete">,
  userId: number,
  keepId?: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      keepId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends every impersonation `requesterId` started; returns the impersonated users' ids, one per session ended. */
export async function deleteImpersonationsBy(
  db: Pick<Db, "delete">,
  requesterId: number,
): Promise<number[]> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.impersonatorId, requesterId))
    .returning({ userId: sessions.userId });
  return ended.flatMap((row) => (row.userId === null ? [] : [row.userId]));
}
