import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerDb } from "@/db/prepared";
import { cachedRead } from "@/db/read-cache";
import {
  pendingUserEmails,
  type PersonalAccessToken,
  personalAccessTokens,
  type PersonalAccessTokenSettings,
  personalAccessTokenSettings,
  type User,
  users,
} from "@/db/schema";
import { safeEqual, sha256Hex } from "@/lib/crypto/secrets";
import { checkSecret, generateSecret } from "@/lib/auth/token-format";
import { teamAbility } from "@/lib/policies/teams";

/** Sanctum's token format: `<id>|<random>`, with only sha256(<random>) stored. */
export function parseBearer(
  header: string | null,
): { id: number | null; secret: string } | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? "");
  const value = match?.[1];
  if (!value) return null;
  const separator = value.indexOf("|");
  if (separator === -1) return { id: null, secret: value };
  const id = Number(value.slice(0, separator));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { id, secret: value.slice(separator + 1) };
}

/** The token (by `<id>|…` or, for a bare secret, by its hash) and its active user; prepared once (decision record 010). */
const findTokenStatement = (db: Db, key: SQL) =>
  db
    .select({
      token: personalAccessTokens,
      user: users,
      pendingEmail: pendingUserEmails.email,
      settings: personalAccessTokenSettings,
    })
    .from(personalAccessTokens)
    .innerJoin(
      users,
      and(
        eq(users.id, personalAccessTokens.tokenableId),
        sql`${users.deletedAt} is null`,
      ),
    )
    .leftJoin(
      personalAccessTokenSettings,
      eq(personalAccessTokenSettings.tokenId, personalAccessTokens.id),
    )
    .leftJoin(
      pendingUserEmails,
      and(
        eq(pendingUserEmails.userId, users.id),
        eq(pendingUserEmails.userType, personalAccessTokens.tokenableType),
      ),
    )
    .where(
      and(
        key,
        eq(personalAccessTokens.tokenableType, sql.placeholder("userClass")),
      ),
    )
    .limit(1);
const findByIdStatement = preparedPerDb((db) =>
  findTokenStatement(
    db,
    eq(personalAccessTokens.id, sql.placeholder("id")),
  ).prepare("find_token_by_id"),
);
const findByHashStatement = preparedPerDb((db) =>
  findTokenStatement(
    db,
    eq(personalAccessTokens.token, sql.placeholder("hash")),
  ).prepare("find_token_by_hash"),
);

export type BearerRow = {
  user: User;
  token: PersonalAccessToken;
  pendingEmail: string | null;
  settings: PersonalAccessTokenSettings | null;
};

/**
 * The user and token behind a bearer header, in one round trip; null for anything malformed,
 * unknown, expired (its `expires_at`, or idle past its `idle_expires_in`), or whose owner is gone
 * or soft-deleted. A secret whose checksum is broken is refused before any statement (decision
 * record 045).
 */
export async function findBearerUser(
  db: Db,
  userClass: string,
  header: string | null,
  now: Date,
  prefix = "",
): Promise<BearerRow | null> {
  const bearer = parseBearer(header);
  if (!bearer || bearer.secret.length === 0 || bearer.secret.length > 255)
    return null;
  if (checkSecret(bearer.secret, prefix) === "broken") return null;
  const hash = sha256Hex(bearer.secret);
  // On PGlite, cached until the next write (decision record 018); the secret and expiry are checked below.
  const { id } = bearer;
  const rows =
    id === null
      ? await cachedRead(db, `token_hash\0${hash}\0${userClass}`, () =>
          findByHashStatement(db).execute({ hash, userClass }),
        )
      : await cachedRead(db, `token_id\0${id}\0${userClass}`, () =>
          findByIdStatement(db).execute({ id, userClass }),
        );
  const row = rows[0];
  if (!row || !safeEqual(row.token.token, hash)) return null;
  if (row.token.expiresAt && row.token.expiresAt.getTime() <= now.getTime())
    return null;
  const idleSeconds = row.settings?.idleExpiresIn;
  const lastSeen = row.token.lastUsedAt ?? row.token.createdAt;
  // Sliding expiry, judged on last_used_at as written (at most once per interval): a token is
  // idle-expired up to one interval late, never early.
  if (
    idleSeconds &&
    lastSeen &&
    now.getTime() - lastSeen.getTime() >= idleSeconds * 1000
  )
    return null;
  return row;
}

/** `*` grants everything (Sanctum's `can`). */
export function tokenCan(
  token: { abilities: string | null } | null,
  ability: string,
): boolean {
  if (!token) return true; // a session (first-party SPA) may do everything
  const abilities = parseAbilities(token.abilities);
  return abilities.includes("*") || abilities.includes(ability);
}

export function parseAbilities(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === "string")
      : [];
  } catch {
    return [];
  }
}

export type IssuedToken = {
  plainTextToken: string;
  token: PersonalAccessToken;
};

/** Creates a token for `user`; the plain text is returned once and never stored. */
export async function issueToken(
  db: Pick<Db, "insert">,
  userClass: string,
  user: Pick<User, "id">,
  input: {
    name: string;
    abilities: string[];
    expiresAt: Date | null;
    prefix: string;
  },
  now: Date,
): Promise<IssuedToken> {
  // Sanctum 4's shape: prefix, 40 characters, crc32b (lib/auth/token-format.ts).
  const secret = generateSecret(input.prefix);
  const [token] = await db
    .insert(personalAccessTokens)
    .values({
      tokenableType: userClass,
      tokenableId: user.id,
      name: input.name,
      token: sha256Hex(secret),
      abilities: JSON.stringify(input.abilities),
      expiresAt: input.expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!token) throw new Error("token insert returned no row");
  return { plainTextToken: `${token.id}|${secret}`, token };
}

/** The public fields of a token — never its hash. */
export function presentToken(token: PersonalAccessToken) {
  return {
    id: token.id,
    name: token.name,
    abilities: parseAbilities(token.abilities),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    expires_at: token.expiresAt?.toISOString() ?? null,
    created_at: token.createdAt?.toISOString() ?? null,
    updated_at: token.updatedAt?.toISOString() ?? null,
  };
}

/** Deletes one of the user's own tokens; true only when a row was deleted. */
export async function revokeToken(
  db: Db,
  userClass: string,
  userId: number,
  tokenId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(personalAccessTokens)
    .where(
      and(
        eq(personalAccessTokens.id, tokenId),
        eq(personalAccessTokens.tokenableType, userClass),
        eq(personalAccessTokens.tokenableId, userId),
      ),
    )
    .returning({ id: personalAccessTokens.id });
  return deleted.length > 0;
}

/** Deletes every token of the user, or only those made for `teamId` (their `team:{id}` ability). */
export async function flushTokens(
  db: Pick<Db, "delete">,
  userClass: string,
  userId: number,
  teamId?: number,
): Promise<number> {
  const deleted = await db
    .delete(personalAccessTokens)
    .where(
      and(
        eq(personalAccessTokens.tokenableType, userClass),
        eq(personalAccessTokens.tokenableId, userId),
        teamId === undefined
          ? undefined
          : // The JSON text as Sanctum writes it; never cast, so a row another application wrote
            // badly cannot fail the statement.
            sql`position(${JSON.stringify(teamAbility(teamId))} in ${personalAccessTokens.abilities}) > 0`,
      ),
    )
    .returning({ id: personalAccessTokens.id });
  return deleted.length;
}
