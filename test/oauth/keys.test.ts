import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HttpError } from "@/lib/http/errors";
import { KEY_FILES, oauthKeys } from "@/lib/oauth/keys";
import { readPassportFixture } from "../support/passport-fixtures";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "oauth-keys-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0))
    rmSync(dir, { recursive: true, force: true });
});

describe("Passport's signing keys", () => {
  it("are made once in DATA_DIR in development, as passport:keys would, and read back after", async () => {
    const dir = dataDir();
    const first = await oauthKeys({ DATA_DIR: dir, isProduction: false });
    expect(statSync(path.join(dir, KEY_FILES.private)).mode & 0o777).toBe(
      0o600,
    );
    expect(readFileSync(path.join(dir, KEY_FILES.public), "utf8")).toContain(
      "BEGIN PUBLIC KEY",
    );
    const again = await oauthKeys({ DATA_DIR: dir, isProduction: false });
    expect(again.jwk).toEqual(first.jwk);
    expect(first.jwk).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
  });

  it("are never made in production: an OAuth request answers 503 until they are given, and the log says what to set", async () => {
    const refused = await oauthKeys({
      DATA_DIR: dataDir(),
      isProduction: true,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      status: 503,
      messageKey: "The OAuth server is not configured.",
      detail: expect.stringMatching(/PASSPORT_PRIVATE_KEY/),
    });
  });

  it("come from PASSPORT_PRIVATE_KEY / PASSPORT_PUBLIC_KEY, also written on one line with \\n", async () => {
    const oneLine = (file: string) =>
      readPassportFixture(file).replace(/\n/g, "\\n");
    const keys = await oauthKeys({
      DATA_DIR: dataDir(),
      isProduction: true,
      PASSPORT_PRIVATE_KEY: oneLine("oauth-private.key"),
      PASSPORT_PUBLIC_KEY: oneLine("oauth-public.key"),
    });
    expect(keys.privateKey.asymmetricKeyType).toBe("rsa");
    expect(keys.publicKey.export({ type: "spki", format: "pem" })).toBe(
      readPassportFixture("oauth-public.key"),
    );
  });
});
