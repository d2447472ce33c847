import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, personalAccessTokens } from "@/db/schema";
import { settleBackground } from "@/lib/server/background";
import { PASSWORD, useTestApp } from "../support/app";
import { pruneNow } from "../support/prune";
import { createToken, tokenId } from "../support/tokens";

// Decision record 045: expires_at within the configured lifetime, sliding expiry
// (idle_expires_in), the owner's notice a week before, and tokens revoked when unused.
const app = useTestApp();
const T0 = new Date("2026-11-22T10:00:00Z");
const DAY = 86_400;

const authenticated = async (token: string) =>
  (await app.agent().get("/auth/get-auth", { bearer: token })).body
    .authenticated as boolean;

async function createTokenResponse(fields: Record<string, unknown>) {
  const user = await app.createUser();
  const agent = app.agent();
  await agent.csrf();
  return agent.post("/auth/create-token", {
    email: user.email,
    password: PASSWORD,
    name: "ci",
    ...fields,
  });
}

describe("expires_at and the maximum lifetime", () => {
  it("a token stops at its expires_at", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const token = await createToken(app, user.email, {
      expires_at: "2026-11-23T10:00:00Z",
    });
    app.advance(DAY - 1);
    expect(await authenticated(token)).toBe(true);
    app.advance(1);
    expect(await authenticated(token)).toBe(false);
  });

  it("tokens.require-expiry: a token without expires_at is 422 on expires_at", async () => {
    app.configure({ auth: { tokens: { "require-expiry": true } } });
    const response = await createTokenResponse({});
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(["expires_at"]);
  });

  it("tokens.max-lifetime-days: a later expires_at is 422 naming the latest date; one within it passes", async () => {
    app.setNow(T0);
    app.configure({ auth: { tokens: { "max-lifetime-days": 30 } } });
    const late = await createTokenResponse({
      expires_at: "2026-12-23T10:00:00Z",
    });
    expect(late.status).toBe(422);
    expect(late.body.errors.expires_at[0]).toContain(
      "2026-12-22T10:00:00.000Z",
    );
    expect(
      (await createTokenResponse({ expires_at: "2026-12-22T10:00:00Z" }))
        .status,
    ).toBe(200);
    // A maximum lifetime makes an expiry necessary.
    expect((await createTokenResponse({})).status).toBe(422);
  });
});

describe("idle_expires_in (sliding expiry)", () => {
  it("stops a token left unused that long, and keeps one in use alive", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const idle = await createToken(app, user.email, { idle_expires_in: 3600 });
    const busy = await createToken(app, user.email, { idle_expires_in: 3600 });
    for (let i = 0; i < 3; i++) {
      app.advance(3000);
      expect(await authenticated(busy)).toBe(true);
      await settleBackground();
    }
    expect(await authenticated(idle)).toBe(false);
    app.advance(3599);
    expect(await authenticated(busy)).toBe(true);
    await settleBackground();
    app.advance(3600);
    expect(await authenticated(busy)).toBe(false);
  });

  it("answers 422 below a minute", async () => {
    const response = await createTokenResponse({ idle_expires_in: 59 });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(["idle_expires_in"]);
  });
});

describe("the notice a week before expiry", () => {
  it("mails the owner once", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await createToken(app, user.email, {
      name: "deploy",
      expires_at: "2026-12-01T10:00:00Z",
    });
    await pruneNow(app);
    // Only the notice of the token's creation (decision record 028): nothing expires yet.
    expect((await app.mail()).map((m) => m.subject)).toEqual([
      "A new way to sign in was added to your account",
    ]);
    app.setNow(new Date("2026-11-24T10:00:00Z"));
    expect((await pruneNow(app)).token_expiry_notices).toBe(1);
    expect((await pruneNow(app)).token_expiry_notices).toBe(0);
    const messages = (await app.mail()).filter(
      (m) =>
        m.to.includes(user.email) && m.subject === "An API token expires soon",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.text).toContain("deploy");
    expect(messages[0]?.text).toContain("2026-12-01 10:00 UTC");
  });
});

describe("tokens.revoke-unused-days", () => {
  it("revokes tokens unused that long (never used: since created), audited; 0 keeps them", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const used = await createToken(app, user.email, { name: "used" });
    const unused = await createToken(app, user.email, { name: "unused" });
    app.advance(20 * DAY);
    expect(await authenticated(used)).toBe(true);
    await settleBackground();
    app.advance(20 * DAY);
    expect((await pruneNow(app)).unused_tokens).toBe(0);
    app.configure({ auth: { tokens: { "revoke-unused-days": 30 } } });
    expect((await pruneNow(app)).unused_tokens).toBe(1);
    const left = await app.database.db.select().from(personalAccessTokens);
    expect(left.map((t) => t.id)).toEqual([tokenId(used)]);
    const audit = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "token-revoked-unused"));
    expect(audit[0]?.properties).toMatchObject({
      token_id: tokenId(unused),
    });
  });
});
