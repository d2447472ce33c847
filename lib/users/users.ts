import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type User, users } from "@/db/schema";

/** The condition "an active (not soft-deleted) user with this email, case-insensitively". */
export function isActiveWithEmail(email: string) {
  return and(
    sql`lower(${users.email}) = lower(${email})`,
    isNull(users.deletedAt),
  );
}

/** An active (not soft-deleted) user by email, case-insensitively. */
export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(isActiveWithEmail(email))
    .limit(1);
  return user ?? null;
}

export async function findUserById(
  db: Db,
  id: number,
  options: { withTrashed?: boolean } = {},
): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      options.withTrashed
        ? eq(users.id, id)
        : and(eq(users.id, id), isNull(users.deletedAt)),
    )
    .limit(1);
  return user ?? null;
}

/** The user as the API shows it: `password` and `remember_token` hidden (contract §2). */
export function presentUser(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    payload: user.payload ?? null,
    created_at: user.createdAt?.toISOString() ?? null,
    updated_at: user.updatedAt?.toISOString() ?? null,
  };
}

export type PresentedUser = ReturnType<typeof presentUser>;

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
