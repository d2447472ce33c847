import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type Passkey,
  passkeys,
  type StoredCredential,
  type User,
  users,
} from "@/db/schema";
import { hasUsablePassword } from "@/lib/auth/passwords";
import { authenticatorName } from "@/lib/passkeys/aaguids";

/** A user's passkeys, oldest first. */
export function listPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id));
}

/** A passkey by its credential id, with its owner when the owner is an active (not soft-deleted) user. */
export async function findByCredentialId(
  db: Db,
  credentialId: string,
): Promise<{ passkey: Passkey; owner: User | null } | null> {
  const [row] = await db
    .select({ passkey: passkeys, owner: users })
    .from(passkeys)
    .leftJoin(
      users,
      and(eq(users.id, passkeys.userId), isNull(users.deletedAt)),
    )
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

export async function findPasskey(db: Db, id: number): Promise<Passkey | null> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertPasskey(
  db: Db,
  values: {
    userId: number;
    name: string;
    credentialId: string;
    credential: StoredCredential;
    now: Date;
  },
): Promise<Passkey> {
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: values.userId,
      name: values.name,
      credentialId: values.credentialId,
      credential: values.credential,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error("passkey insert returned no row");
  return row;
}

/**
 * Stores a use: the new counter and backup state, and when. Compare-and-set on the counter that
 * was verified, so of two requests racing with one assertion only one gets through; false for
 * the other.
 */
export async function recordUse(
  db: Db,
  passkey: Passkey,
  credential: StoredCredential,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ credential, lastUsedAt: now, updatedAt: now })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        sql`(${passkeys.credential}->>'counter')::bigint = ${passkey.credential.counter}`,
      ),
    )
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

export async function renamePasskey(
  db: Db,
  passkey: Passkey,
  name: string,
  now: Date,
): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name, updatedAt: now })
    .where(eq(passkeys.id, passkey.id))
    .returning();
  return row ?? { ...passkey, name };
}

/**
 * Deletes the passkey, unless it is the last way into an account without a password (decision
 * record 107): "last". The owner's row is locked first, so two deletions racing for such an
 * account's last two passkeys take turns and the second sees one left. "gone": deleted meanwhile.
 */
export function deletePasskey(
  db: Db,
  passkey: Passkey,
): Promise<"deleted" | "gone" | "last"> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ password: users.password })
      .from(users)
      .where(eq(users.id, passkey.userId))
      .for("update");
    if (owner && !hasUsablePassword(owner.password)) {
      const left = await tx
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(eq(passkeys.userId, passkey.userId));
      if (left.length === 1 && left[0]?.id === passkey.id) return "last";
    }
    const deleted = await tx
      .delete(passkeys)
      .where(eq(passkeys.id, passkey.id))
      .returning({ id: passkeys.id });
    return deleted.length > 0 ? "deleted" : "gone";
  });
}

/** A passkey as the API lists it: never the key material. */
export function presentPasskey(passkey: Passkey) {
  return {
    id: passkey.id,
    name: passkey.name,
    authenticator: authenticatorName(passkey.credential.aaguid),
    backed_up: passkey.credential.backupStatus === true,
    created_at: passkey.createdAt?.toISOString() ?? null,
    last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
  };
}
