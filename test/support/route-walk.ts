import { type User, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { issueToken } from "@/lib/auth/tokens";
import type { Agent } from "./agent";
import { PASSWORD, type TestApp } from "./app";

// The walks of the route table (decision record 093) make their accounts, tokens and sessions
// for every route: what is not the rule under test is made the cheapest way that is still the
// real thing. The password is hashed once per process (bcrypt at the tests' cost 4), tokens are
// issued by the function create-token calls, and sessions come from POST /auth/login.

let passwordHash: Promise<string> | undefined;

/** PASSWORD's hash, made once per process: every account the walks make stores it. */
export function hashedPassword(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD, 4);
  return passwordHash;
}

/** A verified account signing in with PASSWORD. */
export async function walkUser(app: TestApp, email: string): Promise<User> {
  const now = new Date();
  const [user] = await app.database.db
    .insert(users)
    .values({
      name: "Test User",
      email,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
      password: await hashedPassword(),
    })
    .returning();
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** The plain text of a new token of `user` with these abilities, as create-token issues it. */
export async function walkToken(
  app: TestApp,
  user: Pick<User, "id">,
  abilities: string[],
): Promise<string> {
  const { config } = app.services;
  const issued = await issueToken(
    app.database.db,
    config["user-class"],
    user,
    { name: "walk", abilities, expiresAt: null, prefix: config.tokens.prefix },
    app.services.now(),
  );
  return issued.plainTextToken;
}

/** A browser signed in as `email` with PASSWORD through POST /auth/login, remembered. */
export async function walkSession(app: TestApp, email: string): Promise<Agent> {
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/login", {
    email,
    password: PASSWORD,
    remember: true,
  });
  if (response.status !== 200)
    throw new Error(`login of ${email}: ${response.status} ${response.text}`);
  return agent;
}
