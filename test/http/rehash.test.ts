import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits, users } from "@/db/schema";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { limiterKey } from "@/lib/auth/rate-limit";
import { PASSWORD, signIn, useTestApp } from "../support/app";

// Rehash on a successful password check, in the sign-in's own write (decision 002).
const app = useTestApp();

const cost4 = (prefix: "$2a$" | "$2b$") =>
  hashPassword(PASSWORD, 4).then((hash) => hash.replace(/^\$2y\$/, prefix));
const passwordOf = async (id: number) =>
  (await app.database.db.select().from(users).where(eq(users.id, id)))[0]
    ?.password;

describe("rehash on sign-in", () => {
  it("rewrites a $2a$ cost-4 hash as $2y$ at hashing.rounds; the new session and the user's other sessions stay signed in", async () => {
    const user = await app.createUser();
    const earlier = await signIn(app, user); // a session holding the fingerprint of the cost-4 hash
    await app.database.db
      .update(users)
      .set({ password: await cost4("$2a$") })
      .where(eq(users.id, user.id));
    const older = await signIn(app, user); // $2a$ at cost 4: rewritten as $2y$ at cost 4
    expect(await passwordOf(user.id)).toMatch(/^\$2y\$04\$/);
    expect((await older.get("/auth/get-auth")).body.authenticated).toBe(true);

    app.configure({ auth: { hashing: { rounds: 5 } } });
    const fresh = await signIn(app, user);
    const rehashed = await passwordOf(user.id);
    expect(rehashed).toMatch(/^\$2y\$05\$/);
    expect(await verifyPassword(PASSWORD, rehashed ?? "")).toBe(true);
    expect((await fresh.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
    expect((await older.get("/auth/get-auth")).body.authenticated).toBe(true);
    // The session opened before the $2a$ hash was written belonged to another password: still over.
    expect((await earlier.get("/auth/get-auth")).body.authenticated).toBe(
      false,
    );
  });

  it("leaves a hash that is already $2y$ at the configured cost untouched", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    expect(await passwordOf(user.id)).toBe(user.password);
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true);
  });

  it("create-token rehashes too ($2b$ → $2y$)", async () => {
    const user = await app.createUser();
    await app.database.db
      .update(users)
      .set({ password: await cost4("$2b$") })
      .where(eq(users.id, user.id));
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "ci",
    });
    expect(response.status).toBe(200);
    expect(await passwordOf(user.id)).toMatch(/^\$2y\$04\$/);
  });

  it("never overwrites a password changed between the check and the write", async () => {
    // Cost 12: the rehash takes long enough for the change to land while it is being computed.
    app.configure({ auth: { hashing: { rounds: 12 } } });
    const user = await app.createUser();
    await app.database.db
      .update(users)
      .set({ password: await cost4("$2a$") })
      .where(eq(users.id, user.id));
    const changed = await hashPassword("changed-elsewhere", 4);
    const agent = app.agent();
    await agent.csrf();
    const login = agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    // The attempt is counted in the statement that reads the hash: once it is there, the check has
    // the old hash in hand and the rehash has not been written yet.
    const attempt = eq(
      rateLimits.key,
      limiterKey("login", user.email.toLowerCase(), agent.ip),
    );
    while (
      (await app.database.db.select().from(rateLimits).where(attempt))
        .length === 0
    )
      await new Promise((resolve) => setTimeout(resolve, 1));
    await app.database.db
      .update(users)
      .set({ password: changed })
      .where(eq(users.id, user.id));
    expect((await login).status).toBe(200);
    expect(await passwordOf(user.id)).toBe(changed);
    // The session opened with the old password ends, as every session does after a change.
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
  });
});
