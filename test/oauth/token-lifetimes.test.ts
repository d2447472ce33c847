import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { oauthRefreshTokens } from "@/db/schema";
import { useTestApp } from "../support/app";
import {
  authenticates,
  registerPublicApp,
  tokenEndpoint,
  userAccessToken,
} from "./flows";
import { signedInAdmin } from "./support";

const app = useTestApp();
const DAY_SECONDS = 86_400;

/** A public client of an administrator's, then `oauth` configured (the administrator's own configuring would undo it). */
async function clientWith(oauthConfig: Record<string, unknown> = {}) {
  const registered = await registerPublicApp((await signedInAdmin(app)).agent);
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

/** A user's tokens of the client, issued with the clock set to `now`. */
async function tokensIssuedAt(clientId: string, now: Date) {
  app.setNow(now);
  return userAccessToken(app, "user:write profile", {}, clientId);
}

const inWholeSeconds = (date: Date) =>
  new Date(Math.floor(date.getTime() / 1000) * 1000);

describe("lifetimes of the tokens issued here (decision record 081)", () => {
  it("an access token lives an hour and a refresh token 30 days, renewed with each rotation", async () => {
    const clientId = await clientWith();
    const now = inWholeSeconds(new Date());
    const { as, tokens } = await tokensIssuedAt(clientId, now);
    expect(tokens.expires_in).toBe(3600);
    const claims = decodeJwt(tokens.access_token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(await refreshLifeSeconds(tokens.access_token, now)).toBe(
      30 * DAY_SECONDS,
    );

    app.advance(3600);
    expect(await authenticates(app, tokens.access_token)).toBe(false);
    app.advance(29 * DAY_SECONDS);
    const renewed = await tokenEndpoint(app, as, {
      client_id: clientId,
    }).refresh(tokens.refresh_token ?? "");
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
    const now = inWholeSeconds(new Date());
    const { tokens } = await tokensIssuedAt(clientId, now);
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
    const { as, tokens } = await tokensIssuedAt(clientId, new Date());
    app.configure({ env: { ADMIN_EMAILS: "admin@example.com" } });
    app.advance(60 * DAY_SECONDS);
    expect(await authenticates(app, tokens.access_token)).toBe(true);
    const renewed = await tokenEndpoint(app, as, {
      client_id: clientId,
    }).refresh(tokens.refresh_token ?? "");
    expect(renewed.expires_in).toBe(3600);
  });
});
