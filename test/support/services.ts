import { type Database } from "@/db/client";
import { type User, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { createServices } from "@/lib/runtime/services";
import type { Services } from "@/lib/server/services";
import { Agent } from "./agent";
import { PASSWORD, testEnv } from "./app";

/**
 * The application's services over a database the test opened itself (behind a proxy, or
 * counting its queries): the same environment as useTestApp, bcrypt at cost 4.
 */
export function servicesOn(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
): Services {
  return createServices(testEnv(dataDir, { env }), { database });
}

/** A verified user with the test password, written straight to the database. */
export async function insertUser(
  database: Database,
  email: string,
): Promise<User> {
  const now = new Date();
  const [user] = await database.db
    .insert(users)
    .values({
      name: "Fault Test",
      email,
      password: await hashPassword(PASSWORD, 4),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

/** An Agent of `services`, signed in as `email` with the test password. */
export async function signedInAgent(
  services: Services,
  email: string,
): Promise<Agent> {
  const agent = new Agent(services);
  await agent.csrf();
  const response = await agent.post("/auth/login", {
    email,
    password: PASSWORD,
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${email}: ${response.status} ${response.text}`);
  return agent;
}
