import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
} from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { deriveEncryptionKey } from "@/lib/crypto/secrets";
import { reencryptTwoFactorSecrets } from "@/lib/auth/two-factor/column-key";
import { PASSWORD, TEST_SECRET, useTestApp } from "../support/app";
import { confirmPassword, startSignIn, totpCode } from "../support/two-factor";

// A Laravel APP_KEY as `php artisan key:generate` writes it.
const KEY = randomBytes(32);
const APP_KEY = `base64:${KEY.toString("base64")}`;
const app = useTestApp({ env: { APP_KEY } });
const T0 = new Date("2026-11-25T10:00:00Z");
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Laravel's Crypt::encrypt($value), written here from its documented format (serialize, AES-256-CBC, HMAC of iv.value). */
function laravelEncrypt(key: Buffer, value: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  const serialized = `s:${Buffer.byteLength(value)}:"${value}";`;
  const encrypted = Buffer.concat([
    cipher.update(serialized, "utf8"),
    cipher.final(),
  ]).toString("base64");
  const ivText = iv.toString("base64");
  const mac = createHmac("sha256", key)
    .update(ivText + encrypted)
    .digest("hex");
  return Buffer.from(
    JSON.stringify({ iv: ivText, value: encrypted, mac, tag: "" }),
  ).toString("base64");
}

/** Laravel's Crypt::decrypt(), likewise. */
function laravelDecrypt(key: Buffer, payload: string): string {
  const { iv, value, mac } = JSON.parse(
    Buffer.from(payload, "base64").toString(),
  ) as { iv: string; value: string; mac: string };
  expect(
    createHmac("sha256", key)
      .update(iv + value)
      .digest("hex"),
  ).toBe(mac);
  const decipher = createDecipheriv(
    "aes-256-cbc",
    key,
    Buffer.from(iv, "base64"),
  );
  const plain = Buffer.concat([
    decipher.update(Buffer.from(value, "base64")),
    decipher.final(),
  ]);
  return plain.toString();
}

describe("Fortify's columns in Laravel's encrypter format under APP_KEY (decision record 023)", () => {
  it("reads a user enrolled by Laravel Fortify: the challenge passes with a code and with a recovery code", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await app.database.db
      .update(users)
      .set({
        twoFactorSecret: laravelEncrypt(KEY, SECRET),
        twoFactorRecoveryCodes: laravelEncrypt(
          KEY,
          JSON.stringify(["aaaaaaaaaa-bbbbbbbbbb", "cccccccccc-dddddddddd"]),
        ),
        twoFactorConfirmedAt: T0,
      })
      .where(eq(users.id, user.id));
    const agent = await startSignIn(app, user);
    expect(
      (
        await agent.post("/auth/two-factor-challenge", {
          code: totpCode(SECRET, T0),
        })
      ).status,
    ).toBe(204);
    const other = await startSignIn(app, user);
    expect(
      (
        await other.post("/auth/two-factor-challenge", {
          recovery_code: "cccccccccc-dddddddddd",
        })
      ).status,
    ).toBe(204);
  });

  it("writes what Laravel reads: the secret and the codes decrypt with APP_KEY to Fortify's values", async () => {
    const user = await app.createUser();
    const guest = app.agent();
    await guest.csrf();
    await guest.post("/auth/login", { email: user.email, password: PASSWORD });
    await confirmPassword(guest);
    await guest.post("/auth/user/two-factor-authentication");
    const secret = (await guest.get("/auth/user/two-factor-secret-key")).body
      .secretKey as string;
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(laravelDecrypt(KEY, row?.twoFactorSecret ?? "")).toBe(
      `s:${secret.length}:"${secret}";`,
    );
    const codes = JSON.parse(
      laravelDecrypt(KEY, row?.twoFactorRecoveryCodes ?? "").replace(
        /^s:\d+:"|";$/g,
        "",
      ),
    ) as string[];
    expect(codes).toHaveLength(8);
  });

  it("refuses a value whose MAC does not match (another key): the second factor does not open, no 500", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await app.database.db
      .update(users)
      .set({
        twoFactorSecret: laravelEncrypt(randomBytes(32), SECRET),
        twoFactorConfirmedAt: T0,
      })
      .where(eq(users.id, user.id));
    const agent = await startSignIn(app, user);
    const response = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(SECRET, T0),
    });
    expect(response.status).toBe(422);
  });

  it("re-encrypts every user's columns from one key to another (the operator's command), idempotently", async () => {
    const user = await app.createUser();
    await app.database.db
      .update(users)
      .set({
        twoFactorSecret: laravelEncrypt(KEY, SECRET),
        twoFactorRecoveryCodes: laravelEncrypt(KEY, "[]"),
        twoFactorConfirmedAt: T0,
      })
      .where(eq(users.id, user.id));
    const derived = deriveEncryptionKey(TEST_SECRET, "two-factor-columns");
    expect(await reencryptTwoFactorSecrets(app.database.db, KEY, derived)).toBe(
      1,
    );
    expect(await reencryptTwoFactorSecrets(app.database.db, KEY, derived)).toBe(
      0,
    );
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(laravelDecrypt(derived, row?.twoFactorSecret ?? "")).toBe(
      `s:${SECRET.length}:"${SECRET}";`,
    );
    await expect(
      reencryptTwoFactorSecrets(
        app.database.db,
        randomBytes(32),
        randomBytes(32),
      ),
    ).rejects.toThrow(/opens with neither key/);
  });
});
