import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { personalAccessTokens } from "@/db/schema";
import { crc32b } from "@/lib/auth/token-format";
import { forgetTokenUses } from "@/lib/auth/token-usage";
import { settleBackground } from "@/lib/server/background";
import type { Services } from "@/lib/server/services";
import { Agent } from "../support/agent";
import { PASSWORD } from "../support/app";
import { openTestDatabase } from "../support/database";
import { insertUser, servicesOn } from "../support/services";

// Decision record 045: Sanctum's `<id>|<secret>` wire, the secret as Sanctum 4 makes it
// (prefix, 40 characters, crc32b), and a broken checksum refused before any statement.
let database: Database & { truncate(): Promise<void> };
let services: Services;
let dataDir: string;
const statements: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "auth-token-format-"));
  database = await openTestDatabase({
    logQuery: (query) => statements.push(query),
  });
  services = servicesOn(database, dataDir);
});
beforeEach(async () => {
  await settleBackground();
  forgetTokenUses(database.db);
  await database.truncate();
});
afterAll(async () => {
  await settleBackground();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (value: string) =>
  createHash("sha256").update(value).digest("hex");

async function issue(email: string): Promise<string> {
  const agent = new Agent(services);
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
  new Agent(services).get("/auth/get-auth", { bearer });

describe("the token's secret (decision record 045)", () => {
  it("is the prefix, 40 letters and digits and their crc32b, stored as Sanctum's hash('sha256', secret)", async () => {
    await insertUser(database, "format@example.test");
    const plain = await issue("format@example.test");
    const [id, secret = ""] = plain.split("|");
    const match = /^nla_([A-Za-z0-9]{40})([0-9a-f]{8})$/.exec(secret);
    expect(match).not.toBeNull();
    expect(crc32b(match?.[1] ?? "")).toBe(match?.[2]);
    const [row] = await database.db
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
    await insertUser(database, "broken@example.test");
    const plain = await issue("broken@example.test");
    await settleBackground();
    const [id, secret = ""] = plain.split("|");
    const last = secret.at(-1) === "0" ? "1" : "0";
    const broken = `${id}|${secret.slice(0, -1)}${last}`;
    statements.length = 0;
    const response = await getAuth(broken);
    expect(response.body.authenticated).toBe(false);
    expect(
      (await new Agent(services).post("/auth/tokens", {}, { bearer: broken }))
        .status,
    ).toBe(401);
    await settleBackground();
    expect(statements).toEqual([]);
  });

  it("a secret with the prefix but not its shape is refused with no statement", async () => {
    statements.length = 0;
    expect((await getAuth("1|nla_short")).body.authenticated).toBe(false);
    expect(statements).toEqual([]);
  });

  it("a token Laravel wrote (older 40-character secret, no prefix) still authenticates", async () => {
    const user = await insertUser(database, "laravel@example.test");
    const secret = "A".repeat(20) + "b".repeat(20);
    const [row] = await database.db
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
    const user = await insertUser(database, "laravel4@example.test");
    const entropy = "x".repeat(40);
    const secret = `${entropy}${crc32b(entropy)}`;
    const [row] = await database.db
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
