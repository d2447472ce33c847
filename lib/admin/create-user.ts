import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { type User, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { AuthConfig } from "@/lib/config/auth";
import { hashPassword } from "@/lib/auth/passwords";
import { invalid } from "@/lib/http/errors";
import { isUniqueViolation } from "@/lib/users/users";
import { email, newPassword } from "@/lib/validation/rules";
import { parseInput } from "@/lib/validation/parse";

export const TAKEN = "The :attribute has already been taken.";

/** The fields of an account created by an operator: the same rules as registration's. */
export const newAccountSchema = (config: AuthConfig) =>
  z.strictObject({
    name: z.string().max(255),
    email: email(),
    password: newPassword(config.password),
  });

/**
 * Creates an account whose address counts as verified (the operator vouches for it: the first
 * administrator, say). 422-style errors on `name`, `email`, `password` (ValidationError).
 */
export async function createVerifiedUser(
  deps: { db: Db; config: AuthConfig; now: Date },
  fields: Record<string, unknown>,
): Promise<User> {
  const input = parseInput(newAccountSchema(deps.config), fields);
  const password = await hashPassword(
    input.password,
    deps.config.hashing.rounds,
  );
  try {
    return await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          password,
          emailVerifiedAt: deps.now,
          createdAt: deps.now,
          updatedAt: deps.now,
        })
        .returning();
      if (!created) throw new Error("user insert returned no row");
      await recordActivity(
        tx,
        {
          event: "registered",
          subjectId: created.id,
          ip: "cli",
          properties: { by: "command line" },
        },
        deps.now,
      );
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid("email", TAKEN);
    throw error;
  }
}
