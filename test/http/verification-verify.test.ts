import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { flashed, linkIn } from "../support/session";
import { createToken } from "../support/tokens";

const app = useTestApp();

/** Registers through the API and returns the agent and the path of the emailed link (contract §1 rule 4). */
async function registerAndGetLink(email = "new@example.com") {
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/register", {
    name: "New",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(response.status).toBe(200);
  const link = linkIn((await app.lastMailTo(email)).text);
  return {
    agent,
    id: response.body.user.id as number,
    path: `${link.pathname}${link.search}`,
  };
}

async function verifiedAt(id: number) {
  const [row] = await app.database.db
    .select()
    .from(users)
    .where(eq(users.id, id));
  return row?.emailVerifiedAt ?? null;
}

describe("GET /auth/email/verify/{id}/{hash} (contract §3 Email verification, §4 rule 5)", () => {
  it("verifies the signed-in owner from the emailed link: {verified}, Verified fired once", async () => {
    const verified = app.events("Verified");
    const { agent, id, path } = await registerAndGetLink();
    const response = await agent.get(path);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ verified: true });
    expect(await verifiedAt(id)).not.toBeNull();
    expect((await agent.get("/auth/get-auth")).body.verified).toBe(true);
    expect((await agent.get(path)).body).toEqual({ verified: true });
    expect(verified.map((e) => e.user.id)).toEqual([id]);
  });

  it("answers 403 to a tampered signature", async () => {
    const { agent, id, path } = await registerAndGetLink();
    const tampered = path.replace(
      /signature=([0-9a-f])/,
      (_, c: string) => `signature=${c === "0" ? "1" : "0"}`,
    );
    expect((await agent.get(tampered)).status).toBe(403);
    expect((await agent.get(path.replace(/&signature=.*/, ""))).status).toBe(
      403,
    );
    expect(
      (
        await agent.get(
          path.replace(
            /expires=(\d+)/,
            (_, n: string) => `expires=${Number(n) + 3600}`,
          ),
        )
      ).status,
    ).toBe(403);
    expect(await verifiedAt(id)).toBeNull();
  });

  it("answers 403 to a link used after auth.verification.expire minutes (contract §1 rule 8)", async () => {
    app.configure({ auth: { verification: { expire: 30 } } });
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const { agent, id, path } = await registerAndGetLink();
    app.advance(30 * 60);
    expect((await agent.get(path)).status).toBe(403);
    expect(await verifiedAt(id)).toBeNull();
  });

  it("answers 403 to another user's session (someone else's link)", async () => {
    const { id, path } = await registerAndGetLink();
    const other = await app.createUser({ emailVerifiedAt: null });
    const agent = await signIn(app, other);
    expect((await agent.get(path)).status).toBe(403);
    expect(await verifiedAt(id)).toBeNull();
    expect(await verifiedAt(other.id)).toBeNull();
  });

  it("answers 401 when not signed in: another browser must sign in first (contract §4 rule 5)", async () => {
    const { id, path } = await registerAndGetLink();
    expect((await app.agent().get(path)).status).toBe(401);
    expect(await verifiedAt(id)).toBeNull();
  });

  it("answers 401 to a bearer token alone and verifies nothing: the link needs a session (contract §4 rule 5)", async () => {
    const { id, path } = await registerAndGetLink();
    const [user] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, id));
    const token = await createToken(app, user?.email ?? "", {
      abilities: ["*"],
    });
    const response = await app.agent().get(path, { bearer: token });
    expect(response.status).toBe(401);
    expect(await verifiedAt(id)).toBeNull();
    // The same token still works where a token may go.
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body,
    ).toMatchObject({ authenticated: true, verified: false });
  });

  it("sends a browser without a session to sign in and back to the link, which then verifies", async () => {
    const { id, path } = await registerAndGetLink("browser@example.com");
    const browser = app.agent();
    const opened = await browser.get(path, { asJson: false });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(
      `/auth/login?redirect=${encodeURIComponent(path)}`,
    );
    await browser.csrf();
    expect(
      (
        await browser.post("/auth/login", {
          email: "browser@example.com",
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const back = await browser.get(path, { asJson: false });
    expect([back.status, back.headers.get("location")]).toEqual([
      302,
      "/admin",
    ]);
    expect(await verifiedAt(id)).not.toBeNull();
  });

  it("flashes a status for the browser's next page, which confirms it (decision record 070); a JSON caller gets none", async () => {
    const browser = await registerAndGetLink("flash@example.com");
    const landed = await browser.agent.get(browser.path, { asJson: false });
    expect([landed.status, landed.headers.get("location")]).toEqual([
      302,
      "/admin",
    ]);
    expect(await flashed(app, browser.agent, "status")).toBe(
      "Your email address has been verified.",
    );

    const spa = await registerAndGetLink("spa@example.com");
    expect((await spa.agent.get(spa.path)).body).toEqual({ verified: true });
    expect(await flashed(app, spa.agent, "status")).toBeUndefined();
  });

  it("answers 403 once the address changed after the link was sent", async () => {
    const { agent, id, path } = await registerAndGetLink();
    await app.database.db
      .update(users)
      .set({ email: "changed@example.com" })
      .where(eq(users.id, id));
    expect((await agent.get(path)).status).toBe(403);
  });

  it("follows a verification URI and route name changed through configuration", async () => {
    app.configure({
      auth: {
        routes: {
          as: "account.",
          uris: { "verification-verify": "verify-email/{id}/{hash}" },
          names: { "verification-verify": "verify" },
        },
      },
    });
    const { agent, id, path } = await registerAndGetLink();
    expect(path).toMatch(/^\/auth\/verify-email\//);
    expect((await agent.get(path)).body).toEqual({ verified: true });
    expect(await verifiedAt(id)).not.toBeNull();
  });

  it("answers 429 on the 7th request in a minute (throttle:6,1)", async () => {
    const { agent, path } = await registerAndGetLink();
    for (let i = 0; i < 6; i++)
      expect((await agent.get(path)).status).toBe(200);
    const seventh = await agent.get(path);
    expect(seventh.status).toBe(429);
    expect(Number(seventh.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
