import { beforeEach, describe, expect, it } from "vitest";
import { settleBackground } from "@/lib/server/background";
import { Agent } from "../support/agent";
import { PASSWORD, useTestApp } from "../support/app";
import { insertUser } from "../support/services";
import { userAccessToken } from "../oauth/flows";

// Decision record 010: the hot paths — get-auth with a session cookie and any request with a bearer token —
// make at most one database round trip and no write per request; a guest's get-auth none.
const ADMIN = "hot-admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } }, { logStatements: true });
beforeEach(() => app.setNow(new Date("2026-11-22T12:00:00Z")));

/** The statements `run` sent, by kind. */
async function counted(run: () => Promise<unknown>) {
  // Writes made after the response (a token's use, decision record 045) count with the request.
  await settleBackground();
  app.statements.length = 0;
  await run();
  await settleBackground();
  // A token's use (one statement of CTEs that sets last_used_at, decision record 045) is a write.
  const kinds = app.statements.map((query) =>
    /\bset last_used_at\b/i.test(query)
      ? "write"
      : (/^\s*(?:with\b.*?\)\s*)?(select|insert|update|delete)\b/is
          .exec(query)?.[1]
          ?.toLowerCase() ?? query.slice(0, 20)),
  );
  return {
    total: app.statements.length,
    writes: kinds.filter((kind) => kind !== "select").length,
    statements: [...app.statements],
  };
}

/**
 * A lookup repeated with no write in between: on PGlite answered by the read cache (decision
 * record 018: one process owns the data), on PostgreSQL the one statement again.
 */
const warmStatements = () => (app.database.kind === "pglite" ? 0 : 1);

async function signedIn(
  email = `hot-${Math.random().toString(36).slice(2)}@example.test`,
): Promise<{ agent: Agent; email: string }> {
  await insertUser(app.database, email);
  const agent = app.agent();
  await agent.csrf();
  expect(
    (await agent.post("/auth/login", { email, password: PASSWORD })).status,
  ).toBe(200);
  return { agent, email };
}

async function tokenFor(email: string, abilities?: string[]): Promise<string> {
  const guest = app.agent();
  await guest.csrf();
  return (
    await guest.post("/auth/create-token", {
      email,
      password: PASSWORD,
      name: "hot",
      abilities,
    })
  ).body.token as string;
}

describe("hot paths (decision record 010)", () => {
  it("get-auth as a guest touches no database", async () => {
    const result = await counted(() => app.agent().get("/auth/get-auth"));
    expect(result.total).toBe(0);
  });

  it("get-auth with a session cookie: one statement, no write", async () => {
    const { agent } = await signedIn();
    app.advance(30);
    const result = await counted(async () =>
      expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true),
    );
    expect(result).toMatchObject({ total: 1, writes: 0 });
    const warm = await counted(async () =>
      expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true),
    );
    expect(warm).toMatchObject({ total: warmStatements(), writes: 0 });
  });

  it("get-auth with an impersonating session cookie: one statement, no write (the requester comes with the row)", async () => {
    const { agent: admin } = await signedIn(ADMIN);
    const target = await insertUser(
      app.database,
      `target-${Math.random().toString(36).slice(2)}@example.test`,
    );
    const issued = await admin.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(
      (await admin.get(new URL(issued.body.url as string).pathname)).status,
    ).toBe(200);
    app.advance(30);
    const result = await counted(async () =>
      expect((await admin.get("/auth/get-auth")).body).toMatchObject({
        user: { id: target.id },
        impersonating: true,
      }),
    );
    expect(result).toMatchObject({ total: 1, writes: 0 });
    const warm = await counted(async () =>
      expect((await admin.get("/auth/get-auth")).body).toMatchObject({
        user: { id: target.id },
        impersonating: true,
      }),
    );
    expect(warm).toMatchObject({ total: warmStatements(), writes: 0 });
  });

  it("get-auth with a session cookie refreshes last_activity once a minute, once for 50 parallel requests", async () => {
    const { agent } = await signedIn();
    app.advance(61);
    const result = await counted(() =>
      Promise.all(
        Array.from({ length: 50 }, () => agent.get("/auth/get-auth")),
      ),
    );
    expect(result.writes).toBe(1);
    expect(result.total).toBe(51);
  });

  it("get-auth with a bearer token: one statement, no write while last_used_at is fresh", async () => {
    const { email } = await signedIn();
    const token = await tokenFor(email);
    await app.agent().get("/auth/get-auth", { bearer: token });
    app.advance(30);
    const result = await counted(async () =>
      expect(
        (await app.agent().get("/auth/get-auth", { bearer: token })).body
          .authenticated,
      ).toBe(true),
    );
    expect(result).toMatchObject({ total: 1, writes: 0 });
    const warm = await counted(async () =>
      expect(
        (await app.agent().get("/auth/get-auth", { bearer: token })).body
          .authenticated,
      ).toBe(true),
    );
    expect(warm).toMatchObject({ total: warmStatements(), writes: 0 });
  });

  it("get-auth with an OAuth access token: one statement (none from PGlite's read cache), no write while its client's use is fresh", async () => {
    // The real clock: oauth4webapi judges the ID token's times by it.
    app.setNow(new Date());
    const { tokens } = await userAccessToken(app, "openid");
    const getAuth = async () =>
      expect(
        (
          await app
            .agent()
            .get("/auth/get-auth", { bearer: tokens.access_token })
        ).body.authenticated,
      ).toBe(true);
    // Read once after the client's use was written (the token endpoint, or a first use, writes it).
    await getAuth();
    await settleBackground();
    await getAuth();
    app.advance(30);
    expect(await counted(getAuth)).toMatchObject({
      total: warmStatements(),
      writes: 0,
    });
  });

  it("a bearer token checked against a route's ability: one statement, no write, whether it passes or not", async () => {
    const { email } = await signedIn();
    const reader = await tokenFor(email, ["user:write"]);
    const writer = await tokenFor(email, ["tokens:write"]);
    await app.agent().get("/auth/get-auth", { bearer: reader });
    await app.agent().get("/auth/get-auth", { bearer: writer });
    app.advance(30);
    const refused = await counted(async () =>
      expect(
        (
          await app
            .agent()
            .post("/auth/revoke-token", { token_id: 0 }, { bearer: reader })
        ).status,
      ).toBe(403),
    );
    expect(refused).toMatchObject({ total: 1, writes: 0 });
    const passed = await counted(async () =>
      expect(
        (await app.agent().post("/auth/tokens", {}, { bearer: reader })).status,
      ).toBe(200),
    );
    expect(passed.writes).toBe(0);
  });

  it("a bearer token's last_used_at is written once a minute, once for 50 parallel requests", async () => {
    const { email } = await signedIn();
    const token = await tokenFor(email);
    app.advance(61);
    const result = await counted(() =>
      Promise.all(
        Array.from({ length: 50 }, () =>
          app.agent().get("/auth/get-auth", { bearer: token }),
        ),
      ),
    );
    expect(result.writes).toBe(1);
    expect(result.total).toBe(51);
  });

  it("login: the per-address limiter, one lookup (user, lockout window, account failures) and one write (session and its audit entry)", async () => {
    const email = `login-${Math.random().toString(36).slice(2)}@example.test`;
    await insertUser(app.database, email);
    const guest = app.agent();
    await guest.csrf();
    const result = await counted(async () =>
      expect(
        (await guest.post("/auth/login", { email, password: PASSWORD })).status,
      ).toBe(200),
    );
    // The `throttle:login` middleware's counter is a statement of its own, before the lookup.
    expect(result).toMatchObject({ total: 3, writes: 2 });
  });
});
