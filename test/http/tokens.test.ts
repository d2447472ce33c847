import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens, users } from "@/db/schema";
import { randomToken, sha256Hex } from "@/lib/crypto/secrets";
import { settleBackground } from "@/lib/server/background";
import { signIn, useTestApp } from "../support/app";
import { createToken, tokenId } from "../support/tokens";

const app = useTestApp();

async function lastUsedAt(plain: string) {
  // Written after the response (decision record 045).
  await settleBackground();
  const [row] = await app.database.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.id, tokenId(plain)));
  return row?.lastUsedAt?.toISOString() ?? null;
}

describe("POST /auth/tokens (contract §4)", () => {
  it("lists the caller's own tokens without their hashes", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const mine = await createToken(app, user.email, {
      name: "mine",
      abilities: ["user:write"],
    });
    await createToken(app, other.email, { name: "theirs" });
    const response = await (await signIn(app, user)).post("/auth/tokens");
    expect(response.status).toBe(200);
    expect(response.body.tokens).toEqual([
      expect.objectContaining({
        id: tokenId(mine),
        name: "mine",
        abilities: ["user:write"],
        expires_at: null,
      }),
    ]);
    const [row] = await app.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, tokenId(mine)));
    expect(response.text).not.toContain(row?.token);
    expect(response.text).not.toContain(mine.split("|")[1]);
    expect(response.body.tokens[0]).not.toHaveProperty("token");
  });

  it("answers 401 without a session or token", async () => {
    const agent = app.agent();
    await agent.csrf();
    expect((await agent.post("/auth/tokens")).status).toBe(401);
  });
});

describe("bearer tokens on auth:sanctum routes (contract §4 rule 4, §5 rule 2)", () => {
  it("authenticates Authorization: Bearer <token> without a session or CSRF token", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    const response = await app
      .agent()
      .post("/auth/tokens", {}, { bearer: token });
    expect(response.status).toBe(200);
    expect(response.body.tokens.map((t: { id: number }) => t.id)).toEqual([
      tokenId(token),
    ]);
  });

  it("answers 401 to a wrong secret, an unknown id or a malformed header", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    for (const bearer of [
      `${tokenId(token)}|wrong`,
      `999|${token.split("|")[1]}`,
      "garbage",
      `${tokenId(token)}|`,
    ]) {
      expect(
        (await app.agent().post("/auth/tokens", {}, { bearer })).status,
      ).toBe(401);
    }
  });

  it("stops accepting a token at its expiry", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const token = await createToken(app, user.email, {
      expires_at: "2026-11-22T11:00:00Z",
    });
    app.advance(59 * 60);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
    ).toBe(200);
    app.advance(60);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
    ).toBe(401);
  });

  it("stops accepting the token of a soft-deleted user", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, user.id));
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
    ).toBe(401);
  });

  it("accepts a token written by Laravel Sanctum (sha256 hex of the random part)", async () => {
    const user = await app.createUser();
    const secret = randomToken(30).slice(0, 40);
    const [row] = await app.database.db
      .insert(personalAccessTokens)
      .values({
        tokenableType: "App\\Models\\User",
        tokenableId: user.id,
        name: "laravel",
        token: sha256Hex(secret),
        abilities: '["*"]',
      })
      .returning();
    const response = await app
      .agent()
      .get("/auth/get-auth", { bearer: `${row?.id}|${secret}` });
    expect(response.body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
    expect(
      (
        await app
          .agent()
          .post("/auth/tokens", {}, { bearer: `${row?.id}|${secret}` })
      ).status,
    ).toBe(200);
  });

  it("ignores a token of another tokenable type", async () => {
    const user = await app.createUser();
    const secret = "x".repeat(40);
    const [row] = await app.database.db
      .insert(personalAccessTokens)
      .values({
        tokenableType: "App\\Models\\Team",
        tokenableId: user.id,
        name: "team",
        token: sha256Hex(secret),
        abilities: '["*"]',
      })
      .returning();
    expect(
      (
        await app
          .agent()
          .post("/auth/tokens", {}, { bearer: `${row?.id}|${secret}` })
      ).status,
    ).toBe(401);
  });

  it("writes last_used_at at most once a minute under repeated use", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    expect(await lastUsedAt(token)).toBeNull();
    await app.agent().post("/auth/tokens", {}, { bearer: token });
    expect(await lastUsedAt(token)).toBe("2026-11-22T10:00:00.000Z");
    app.advance(30);
    await app.agent().post("/auth/tokens", {}, { bearer: token });
    app.advance(29);
    await app.agent().post("/auth/tokens", {}, { bearer: token });
    expect(await lastUsedAt(token)).toBe("2026-11-22T10:00:00.000Z");
    app.advance(1);
    await app.agent().post("/auth/tokens", {}, { bearer: token });
    expect(await lastUsedAt(token)).toBe("2026-11-22T10:01:00.000Z");
  });
});

describe("abilities: and ability: middleware (Sanctum's; tokenCan)", () => {
  it("abilities:a,b lets through a token with every ability, a '*' token and a session", async () => {
    app.configure({
      auth: {
        routes: {
          middlewares: {
            tokens: ["auth:sanctum", "abilities:tokens.read,tokens.list"],
          },
        },
      },
    });
    const user = await app.createUser();
    const both = await createToken(app, user.email, {
      abilities: ["tokens.read", "tokens.list"],
    });
    const star = await createToken(app, user.email);
    const one = await createToken(app, user.email, {
      abilities: ["tokens.read"],
    });
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: both })).status,
    ).toBe(200);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: star })).status,
    ).toBe(200);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: one })).status,
    ).toBe(403);
    expect((await (await signIn(app, user)).post("/auth/tokens")).status).toBe(
      200,
    );
  });

  it("ability:a,b lets through a token with any one of them", async () => {
    app.configure({
      auth: {
        routes: {
          middlewares: {
            tokens: ["auth:sanctum", "ability:tokens.read,tokens.list"],
          },
        },
      },
    });
    const user = await app.createUser();
    const one = await createToken(app, user.email, {
      abilities: ["tokens.list"],
    });
    const none = await createToken(app, user.email, {
      abilities: ["user:write"],
    });
    const empty = await createToken(app, user.email, { abilities: [] });
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: one })).status,
    ).toBe(200);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: none })).status,
    ).toBe(403);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: empty })).status,
    ).toBe(403);
  });

  it("answers 401, not 403, without a user", async () => {
    app.configure({
      auth: { routes: { middlewares: { tokens: ["abilities:tokens.read"] } } },
    });
    const agent = app.agent();
    await agent.csrf();
    expect((await agent.post("/auth/tokens")).status).toBe(401);
  });
});
