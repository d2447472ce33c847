import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/app";
import { userAccessToken } from "./flows";
import { clientOptions } from "./support";

// The bearer guard verifies an access token's signature once per process (decision record
// 077): what it remembers must never outlive the token's time window, its row or its bytes.
const app = useTestApp();

async function whoIs(token: string) {
  const response = await app.agent().get("/auth/get-auth", { bearer: token });
  return (response.body as { authenticated: boolean }).authenticated;
}

describe("an access token's signature verified once", () => {
  it("still ends at its expiry", async () => {
    // A fixed clock: the token's window and the steps below count from the same instant.
    app.setNow(new Date());
    const { tokens } = await userAccessToken(app, "openid");
    expect(await whoIs(tokens.access_token)).toBe(true);
    app.advance((tokens.expires_in ?? 0) - 1);
    expect(await whoIs(tokens.access_token)).toBe(true);
    app.advance(1);
    expect(await whoIs(tokens.access_token)).toBe(false);
  });

  it("still reads the row: a token revoked after its first use is refused", async () => {
    const { as, tokens, clientId } = await userAccessToken(app, "openid");
    // Twice: on PGlite the second answer comes from the read cache (decision record 018).
    expect(await whoIs(tokens.access_token)).toBe(true);
    expect(await whoIs(tokens.access_token)).toBe(true);
    const revoked = await oauth.revocationRequest(
      as,
      { client_id: clientId },
      oauth.None(),
      tokens.access_token,
      clientOptions(app),
    );
    await oauth.processRevocationResponse(revoked);
    expect(await whoIs(tokens.access_token)).toBe(false);
  });

  it("is remembered for those bytes only: the same claims under another signature are refused", async () => {
    const { tokens } = await userAccessToken(app, "openid");
    expect(await whoIs(tokens.access_token)).toBe(true);
    const [header, payload, signature = ""] = tokens.access_token.split(".");
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    expect(await whoIs(`${header}.${payload}.${flipped}`)).toBe(false);
  });

  it("leaves a token-shaped bearer a guest where no keys are configured, never an error", async () => {
    const { tokens } = await userAccessToken(app, "openid");
    // A production server without PASSPORT_* keys or key files makes none (lib/oauth/keys.ts).
    app.configure({
      env: {
        NODE_ENV: "production",
        DATA_DIR: mkdtempSync(join(tmpdir(), "no-keys-")),
      },
    });
    const response = await app
      .agent()
      .get("/auth/get-auth", { bearer: tokens.access_token });
    expect([response.status, response.body.authenticated]).toEqual([
      200,
      false,
    ]);
  });
});
