import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { oauthRefreshTokens } from "@/db/schema";
import { useTestApp } from "../support/app";
import {
  clientOptions,
  registerClient,
  REDIRECT_URI,
  signedInAdmin,
  userAccessToken,
} from "./support";

const app = useTestApp();
const DAY_SECONDS = 86_400;

/** A public client of an administrator's, then `oauth` configured (the administrator's own configuring would undo it). */
async function clientWith(oauthConfig: Record<string, unknown> = {}) {
  const registered = await registerClient((await signedInAdmin(app)).agent, {
    name: "Notes app",
    redirect_uris: [REDIRECT_URI],
    confidential: false,
  });
  app.configure({
    env: { ADMIN_EMAILS: "admin@example.com" },
    auth: { oauth: oauthConfig },
  });
  return registered.id;
}

/** Seconds from `now` to the expiry of the refresh token whose row follows `accessToken`. */
async function refreshLifeSeconds(accessToken: string, now: Date) {
  const [row] = await app.database.db
    .select({ expiresAt: oauthRefreshTokens.expiresAt })
    .from(oauthRefreshTokens)
    .where(
      eq(oauthRefreshTokens.accessTokenId, String(decodeJwt(accessToken).jti)),
    );
  return Math.round(((row?.expiresAt?.getTime() ?? 0) - now.getTime()) / 1000);
}

const authenticates = async (accessToken: string) =>
  (await app.agent().get("/auth/get-auth", { bearer: accessToken })).body
    .authenticated === true;

describe("lifetimes of the tokens issued here (decision record 081)", () => {
  it("an access token lives an hour and a refresh token 30 days, renewed with each rotation", async () => {
    const clientId = await clientWith();
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    app.setNow(now);
    const { as, tokens } = await userAccessToken(
      app,
      "user:write",
      {},
      clientId,
    );
    expect(tokens.expires_in).toBe(3600);
    const claims = decodeJwt(tokens.access_token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(await refreshLifeSeconds(tokens.access_token, now)).toBe(
      30 * DAY_SECONDS,
    );

    app.advance(3600);
    expect(await authenticates(tokens.access_token)).toBe(false);
    app.advance(29 * DAY_SECONDS);
    const client = { client_id: clientId };
    const renewed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        tokens.refresh_token ?? "",
        clientOptions(app),
      ),
    );
    expect(renewed.expires_in).toBe(3600);
    const renewedAt = new Date(
      now.getTime() + (3600 + 29 * DAY_SECONDS) * 1000,
    );
    expect(await refreshLifeSeconds(renewed.access_token, renewedAt)).toBe(
      30 * DAY_SECONDS,
    );
  });

  it("oauth.access-token-minutes and oauth.refresh-token-days set them", async () => {
    const clientId = await clientWith({
      "access-token-minutes": 5,
      "refresh-token-days": 2,
    });
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    app.setNow(now);
    const { tokens } = await userAccessToken(app, "user:write", {}, clientId);
    expect(tokens.expires_in).toBe(300);
    expect(await refreshLifeSeconds(tokens.access_token, now)).toBe(
      2 * DAY_SECONDS,
    );
  });

  it("tokens issued before a change keep their own expiry", async () => {
    const clientId = await clientWith({
      "access-token-minutes": 525_600,
      "refresh-token-days": 365,
    });
    app.setNow(new Date());
    const { as, tokens } = await userAccessToken(
      app,
      "user:write",
      {},
      clientId,
    );
    app.configure({ env: { ADMIN_EMAILS: "admin@example.com" } });
    app.advance(60 * DAY_SECONDS);
    expect(await authenticates(tokens.access_token)).toBe(true);
    const client = { client_id: clientId };
    const renewed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        tokens.refresh_token ?? "",
        clientOptions(app),
      ),
    );
    expect(renewed.expires_in).toBe(3600);
  });
});
