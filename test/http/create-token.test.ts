import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens, sessions } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/secrets";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();
const BAD = "These credentials do not match our records.";

async function guest(ip?: string) {
  const agent = app.agent(ip);
  await agent.csrf();
  return agent;
}

async function tokenRow(plain: string) {
  const [row] = await app.database.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.id, Number(plain.split("|")[0])));
  return row;
}

describe("POST /auth/create-token (contract §4 rule 4, §9)", () => {
  it("answers {token} once, in Sanctum's <id>|<secret> form, storing only sha256(secret)", async () => {
    const user = await app.createUser();
    const response = await (
      await guest()
    ).post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "ci",
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["token"]);
    const [id, secret = ""] = (response.body.token as string).split("|");
    // Sanctum 4's shape with the default prefix: nla_, 40 characters, crc32b (decision record 045).
    expect(secret).toMatch(/^nla_[A-Za-z0-9]{40}[0-9a-f]{8}$/);
    const row = await tokenRow(response.body.token);
    expect(row).toMatchObject({
      id: Number(id),
      name: "ci",
      tokenableId: user.id,
      tokenableType: "App\\Models\\User",
      token: sha256Hex(secret),
    });
  });

  it("defaults abilities to ['*'] and no expiry", async () => {
    const user = await app.createUser();
    const response = await (
      await guest()
    ).post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "ci",
    });
    expect(await tokenRow(response.body.token)).toMatchObject({
      abilities: '["*"]',
      expiresAt: null,
    });
  });

  it("stores the given abilities", async () => {
    const user = await app.createUser();
    const response = await (
      await guest()
    ).post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "ci",
      abilities: ["user:write", "tokens:write"],
    });
    expect((await tokenRow(response.body.token))?.abilities).toBe(
      '["user:write","tokens:write"]',
    );
  });

  it("refuses an ability nothing declares with 422 naming it, and writes no token (decision record 045)", async () => {
    const user = await app.createUser();
    const response = await (
      await guest()
    ).post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "ci",
      abilities: ["tokens:write", "tokens:wrte"],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      abilities: [
        "The ability tokens:wrte is not one of the declared abilities.",
      ],
    });
    expect(await app.database.db.select().from(personalAccessTokens)).toEqual(
      [],
    );
  });

  it("accepts '*', the declared abilities and those a route's abilities: middleware asks for", async () => {
    app.configure({
      auth: {
        routes: {
          middlewares: { tokens: ["auth:sanctum", "abilities:reports.read"] },
        },
      },
    });
    const user = await app.createUser();
    for (const abilities of [
      ["*"],
      ["user:write", "admin"],
      ["reports.read"],
    ]) {
      const response = await (
        await guest()
      ).post("/auth/create-token", {
        email: user.email,
        password: PASSWORD,
        name: "ci",
        abilities,
      });
      expect(response.status, JSON.stringify(abilities)).toBe(200);
    }
  });

  it("stores a future expires_at or expiration_date", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const a = await (
      await guest("10.0.0.1")
    ).post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "a",
      expires_at: "2026-12-01T00:00:00Z",
    });
    const b = await (
      await guest("10.0.0.2")
    ).post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "b",
      expiration_date: "2027-01-01",
    });
    expect((await tokenRow(a.body.token))?.expiresAt?.toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    expect((await tokenRow(b.body.token))?.expiresAt?.toISOString()).toBe(
      "2027-01-01T00:00:00.000Z",
    );
  });

  it("answers 422 for a past or malformed date", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const agent = await guest();
    const past = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "x",
      expires_at: "2026-11-22T09:59:59Z",
    });
    expect(past.body.errors).toEqual({
      expires_at: ["The expires at field must be a date after now."],
    });
    const malformed = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "x",
      expiration_date: "next tuesday",
    });
    expect(malformed.body.errors).toEqual({
      expiration_date: ["The expiration date field must be a valid date."],
    });
    const impossible = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "x",
      expires_at: "2027-02-30",
    });
    expect(impossible.body.errors).toEqual({
      expires_at: ["The expires at field must be a valid date."],
    });
    const number = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "x",
      expires_at: 1893456000,
    });
    expect(number.body.errors).toEqual({
      expires_at: ["The expires at field must be a valid date."],
    });
    expect(await app.database.db.select().from(personalAccessTokens)).toEqual(
      [],
    );
  });

  it("answers 422 on email for bad credentials or an unknown email", async () => {
    const user = await app.createUser();
    const agent = await guest();
    expect(
      (
        await agent.post("/auth/create-token", {
          email: user.email,
          password: "wrong",
          name: "x",
        })
      ).body,
    ).toEqual({ message: BAD, errors: { email: [BAD] } });
    expect(
      (
        await agent.post("/auth/create-token", {
          email: "nobody@example.com",
          password: PASSWORD,
          name: "x",
        })
      ).body.errors,
    ).toEqual({ email: [BAD] });
  });

  it("validates name (required, max 255) and abilities (a list of strings)", async () => {
    const user = await app.createUser();
    const agent = await guest();
    expect(
      (
        await agent.post("/auth/create-token", {
          email: user.email,
          password: PASSWORD,
        })
      ).body.errors,
    ).toEqual({ name: ["The name field is required."] });
    expect(
      (
        await agent.post("/auth/create-token", {
          email: user.email,
          password: PASSWORD,
          name: "n".repeat(256),
        })
      ).body.errors,
    ).toEqual({
      name: ["The name field must not be greater than 255 characters."],
    });
    expect(
      (
        await agent.post("/auth/create-token", {
          email: user.email,
          password: PASSWORD,
          name: "x",
          abilities: "read",
        })
      ).body.errors,
    ).toEqual({
      abilities: ["The abilities field must be an array."],
    });
  });

  it("from a signed-in session asks no step-up: the request's password is the proof (decision record 045)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const body = { email: user.email, password: "wrong", name: "screen" };
    const refused = await agent.post("/auth/create-token", body);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ email: [BAD] });
    expect(await app.database.db.select().from(personalAccessTokens)).toEqual(
      [],
    );
    const created = await agent.post("/auth/create-token", {
      ...body,
      password: PASSWORD,
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.token).toMatch(/^\d+\|nla_/);
  });

  it("does not sign in", async () => {
    const user = await app.createUser();
    const agent = await guest();
    expect(
      (
        await agent.post("/auth/create-token", {
          email: user.email,
          password: PASSWORD,
          name: "x",
        })
      ).status,
    ).toBe(200);
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
    expect(await app.database.db.select().from(sessions)).toEqual([]);
  });

  it("answers 429 with Retry-After on the 7th attempt in a minute (contract §5 rule 4)", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const agent = await guest();
    for (let i = 0; i < 6; i++)
      await agent.post("/auth/create-token", {
        email: user.email,
        password: i % 2 ? PASSWORD : "wrong",
        name: `t${i}`,
      });
    app.advance(15);
    const seventh = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "t7",
    });
    expect(seventh.status).toBe(429);
    expect(seventh.headers.get("retry-after")).toBe("45");
    app.advance(45);
    expect(
      (
        await agent.post("/auth/create-token", {
          email: user.email,
          password: PASSWORD,
          name: "t8",
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a soft-deleted user", async () => {
    const user = await app.createUser({ deletedAt: new Date() });
    expect(
      (
        await (
          await guest()
        ).post("/auth/create-token", {
          email: user.email,
          password: PASSWORD,
          name: "x",
        })
      ).body.errors,
    ).toEqual({ email: [BAD] });
  });
});
