import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens } from "@/db/schema";
import { crc32b } from "@/lib/auth/token-format";
import { settleBackground } from "@/lib/server/background";
import { PASSWORD, useTestApp } from "../support/app";
import { insertUser } from "../support/services";

// Decision record 045: Sanctum's `<id>|<secret>` wire, the secret as Sanctum 4 makes it
// (prefix, 40 characters, crc32b), and a broken checksum refused before any statement.
const app = useTestApp({}, { logStatements: true });

const sha256 = (value: string) =>
  createHash("sha256").update(value).digest("hex");

async function issue(email: string): Promise<string> {
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/create-token", {
    email,
    password: PASSWORD,
    name: "ci",
  });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

const getAuth = (bearer: string) =>
  app.agent().get("/auth/get-auth", { bearer });

describe("the token's secret (decision record 045)", () => {
  it("is the prefix, 40 letters and digits and their crc32b, stored as Sanctum's hash('sha256', secret)", async () => {
    await insertUser(app.database, "format@example.test");
    const plain = await issue("format@example.test");
    const [id, secret = ""] = plain.split("|");
    const match = /^nla_([A-Za-z0-9]{40})([0-9a-f]{8})$/.exec(secret);
    expect(match).not.toBeNull();
    expect(crc32b(match?.[1] ?? "")).toBe(match?.[2]);
    const [row] = await app.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, Number(id)));
    // What Laravel Sanctum's findToken compares: hash('sha256', <everything after the bar>).
    expect(row?.token).toBe(sha256(secret));
    expect((await getAuth(plain)).body.authenticated).toBe(true);
  });

  it("crc32b is PHP's hash('crc32b'): CRC-32 in 8 lowercase hex digits", () => {
    expect(crc32b("The quick brown fox jumps over the lazy dog")).toBe(
      "414fa339",
    );
    expect(crc32b("")).toBe("00000000");
  });

  it("a broken checksum is refused with no database statement", async () => {
    await insertUser(app.database, "broken@example.test");
    const plain = await issue("broken@example.test");
    await settleBackground();
    const [id, secret = ""] = plain.split("|");
    const last = secret.at(-1) === "0" ? "1" : "0";
    const broken = `${id}|${secret.slice(0, -1)}${last}`;
    app.statements.length = 0;
    const response = await getAuth(broken);
    expect(response.body.authenticated).toBe(false);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: broken })).status,
    ).toBe(401);
    await settleBackground();
    expect(app.statements).toEqual([]);
  });

  it("a secret with the prefix but not its shape is refused with no statement", async () => {
    app.statements.length = 0;
    expect((await getAuth("1|nla_short")).body.authenticated).toBe(false);
    expect(app.statements).toEqual([]);
  });

  it("a token Laravel wrote (older 40-character secret, no prefix) still authenticates", async () => {
    const user = await insertUser(app.database, "laravel@example.test");
    const secret = "A".repeat(20) + "b".repeat(20);
    const [row] = await app.database.db
      .insert(personalAccessTokens)
      .values({
        tokenableType: "App\\Models\\User",
        tokenableId: user.id,
        name: "laravel",
        token: sha256(secret),
        abilities: '["*"]',
      })
      .returning();
    const response = await getAuth(`${row?.id}|${secret}`);
    expect(response.body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
  });

  it("a token Laravel 4 wrote with its checksum and no prefix authenticates", async () => {
    const user = await insertUser(app.database, "laravel4@example.test");
    const entropy = "x".repeat(40);
    const secret = `${entropy}${crc32b(entropy)}`;
    const [row] = await app.database.db
      .insert(personalAccessTokens)
      .values({
        tokenableType: "App\\Models\\User",
        tokenableId: user.id,
        name: "laravel",
        token: sha256(secret),
        abilities: '["*"]',
      })
      .returning();
    expect((await getAuth(`${row?.id}|${secret}`)).body.authenticated).toBe(
      true,
    );
  });
});
