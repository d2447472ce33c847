import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
} from "jose";
import * as openid from "openid-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OAUTH_CLIENT_ROUTE } from "@/lib/oauth/json-api-routes";
import { OAUTH_LOGOUT_ROUTE } from "@/lib/oauth/routes";
import { RETRY_DELAYS_SECONDS } from "@/lib/webhooks/deliveries";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { requestResetLink } from "../support/reset-links";
import { otherSessionHandle } from "../support/session";
import { stepUp } from "../support/two-factor";
import {
  deliverWebhooks,
  type Receiver,
  startReceiver,
} from "../support/webhook-receiver";
import { registerPublicApp } from "./flows";
import {
  consent,
  openidConfig,
  openidRequest,
  pipelineFetch,
  REDIRECT_URI,
  signedInAdmin,
} from "./support";

// OpenID Connect Back-Channel Logout 1.0 (decision record 103): the ID token's `sid`, and a
// logout token posted to a receiver on loopback whenever that session ends here, verified with
// jose against the JWKS as a client would. Loopback is allowed as the webhooks' tests allow it.
const app = useTestApp({
  auth: { webhooks: { "allow-private-addresses": true } },
});
const EVENT = "http://schemas.openid.net/event/backchannel-logout";
let receiver: Receiver;
// A fixed clock: openid-client judges the ID token's iat by it.
beforeEach(async () => {
  app.setNow(new Date());
  receiver = await startReceiver("/backchannel-logout");
});
afterEach(() => receiver.close());

const deliver = () => deliverWebhooks(app);

/** A user's app (an administrator's public client), told to take logout tokens at the receiver. */
async function appWithLogout(fields: Record<string, unknown> = {}) {
  const { agent } = await signedInAdmin(app);
  const registered = await registerPublicApp(agent, {
    backchannel_logout_uri: receiver.url,
    ...fields,
  });
  return {
    clientId: registered.id,
    registered,
    admin: agent,
    config: await openidConfig(app, registered.id),
  };
}

/** The code flow as openid-client runs it, for the browser `agent`: its tokens, ID token checked. */
async function codeFlow(config: openid.Configuration, agent: Agent) {
  const nonce = openid.randomNonce();
  const { url, checks } = await openidRequest(config, {
    scope: "openid",
    nonce,
  });
  return openid.authorizationCodeGrant(config, await consent(agent, url), {
    ...checks,
    expectedNonce: nonce,
  });
}

/** The logout tokens the receiver got, each read from its form body. */
const logoutTokens = () =>
  receiver.received.map((message) => {
    expect(message.headers["content-type"]).toBe(
      "application/x-www-form-urlencoded",
    );
    return new URLSearchParams(message.body).get("logout_token") ?? "";
  });

/** A logout token as a client checks it (§2.6): our JWKS, issuer, its audience, typ, the event, no nonce. */
async function verifyLogoutToken(token: string, clientId: string) {
  const issuer = app.services.env.APP_URL;
  const jwks = (await (
    await pipelineFetch(app)(new URL("/oauth/jwks", issuer))
  ).json()) as Parameters<typeof createLocalJWKSet>[0];
  const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
    issuer,
    audience: clientId,
    typ: "logout+jwt",
    currentDate: app.services.now(),
    requiredClaims: ["iat", "exp", "jti", "sid", "sub", "events"],
  });
  expect(payload.events).toEqual({ [EVENT]: {} });
  expect(payload).not.toHaveProperty("nonce");
  expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(120);
  return payload;
}

describe("OpenID Connect Back-Channel Logout 1.0", () => {
  it("discovery says so; the signed-out session's client gets a logout token naming the ID token's sid", async () => {
    const { clientId, config, registered } = await appWithLogout();
    expect(config.serverMetadata()).toMatchObject({
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
    });
    expect(registered.body).toMatchObject({
      backchannel_logout_uri: receiver.url,
      backchannel_logout_session_required: false,
    });
    const user = await app.createUser({ email: "ada@example.com" });
    const agent = await signIn(app, user);
    const idToken = (await codeFlow(config, agent)).claims();
    expect(idToken?.sid).toMatch(/^[0-9a-f]{64}$/);
    await deliver();
    expect(receiver.received).toEqual([]);

    expect((await agent.post("/auth/logout")).status).toBe(200);
    expect(await deliver()).toBe(1);
    const [token = ""] = logoutTokens();
    expect(decodeProtectedHeader(token)).toMatchObject({
      typ: "logout+jwt",
      alg: "RS256",
    });
    const claims = await verifyLogoutToken(token, clientId);
    expect(claims).toMatchObject({ sid: idToken?.sid, sub: String(user.id) });
    await deliver();
    expect(receiver.received).toHaveLength(1);
  });

  it("tells only the clients with a logout URI, and only of the session that ended", async () => {
    const told = await appWithLogout();
    const silent = await registerPublicApp(told.admin, { name: "Silent app" });
    const user = await app.createUser({ email: "ada@example.com" });
    const phone = await signIn(app, user);
    const laptop = await signIn(app, user);
    const onPhone = (await codeFlow(told.config, phone)).claims();
    await codeFlow(await openidConfig(app, silent.id), phone);
    const onLaptop = (await codeFlow(told.config, laptop)).claims();
    expect(onLaptop?.sid).not.toBe(onPhone?.sid);

    await phone.post("/auth/logout");
    await deliver();
    const tokens = logoutTokens();
    expect(tokens).toHaveLength(1);
    expect((await verifyLogoutToken(tokens[0] ?? "", told.clientId)).sid).toBe(
      onPhone?.sid,
    );
  });

  it("sends one when the client itself ends the session (RP-initiated logout, record 071)", async () => {
    const { clientId, config } = await appWithLogout();
    const user = await app.createUser({ email: "ada@example.com" });
    const agent = await signIn(app, user);
    const tokens = await codeFlow(config, agent);
    const url = openid.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? "",
    });
    const answer = await agent.get(url.pathname + url.search, {
      host: OAUTH_LOGOUT_ROUTE,
    });
    expect(answer.status, answer.text).toBe(200);
    await deliver();
    const [token = ""] = logoutTokens();
    expect((await verifyLogoutToken(token, clientId)).sid).toBe(
      tokens.claims()?.sid,
    );
  });

  it("sends one when a session is ended from the sessions list of another browser", async () => {
    const { clientId, config } = await appWithLogout();
    const user = await app.createUser({ email: "ada@example.com" });
    const other = await signIn(app, user);
    const idToken = (await codeFlow(config, other)).claims();
    const mine = await signIn(app, user);
    await stepUp(mine);
    const target = await otherSessionHandle(mine);
    expect((await mine.delete(`/auth/user/sessions/${target}`)).status).toBe(
      204,
    );
    await deliver();
    const [token = ""] = logoutTokens();
    expect((await verifyLogoutToken(token, clientId)).sid).toBe(idToken?.sid);
  });

  it("sends one when a password reset ends the account's sessions (the credential ledger, record 082)", async () => {
    const { clientId, config } = await appWithLogout();
    const user = await app.createUser({ email: "ada@example.com" });
    const agent = await signIn(app, user);
    const idToken = (await codeFlow(config, agent)).claims();
    const link = await requestResetLink(app, user.email);
    const guest = app.agent();
    await guest.csrf();
    const reset = await guest.post("/auth/reset-password", {
      ...link,
      password: "a-brand-new-password",
      password_confirmation: "a-brand-new-password",
    });
    expect(reset.status, reset.text).toBe(200);
    await deliver();
    const [token = ""] = logoutTokens();
    expect(await verifyLogoutToken(token, clientId)).toMatchObject({
      sid: idToken?.sid,
      sub: String(user.id),
    });
  });

  it("tries a failing receiver again on the webhooks' schedule, with the same jti, and never holds the sign-out", async () => {
    const { clientId, config } = await appWithLogout();
    const agent = await signIn(app, await app.createUser());
    await codeFlow(config, agent);
    receiver.respondWith = [503];
    expect((await agent.post("/auth/logout")).status).toBe(200);
    await deliver();
    expect(receiver.received).toHaveLength(1);
    await deliver();
    expect(receiver.received).toHaveLength(1);

    app.advance(RETRY_DELAYS_SECONDS[0] ?? 0);
    await deliver();
    const [first = "", second = ""] = logoutTokens();
    expect(logoutTokens()).toHaveLength(2);
    const retried = await verifyLogoutToken(second, clientId);
    const original = decodeJwt(first);
    expect(retried.jti).toBe(original.jti);
    expect(retried.iat).toBe(
      (original.iat ?? 0) + (RETRY_DELAYS_SECONDS[0] ?? 0),
    );
  });

  it("takes the logout URI at registration and in the clients API by the redirect URI rule", async () => {
    const issuer = app.services.env.APP_URL;
    const register = async (metadata: Record<string, unknown>) => {
      const response = await pipelineFetch(app)(`${issuer}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], ...metadata }),
      });
      return { status: response.status, body: await response.json() };
    };
    for (const refused of [
      "http://logout.example/bye",
      "https://logout.example/bye#now",
      "javascript:alert(1)",
    ])
      expect(
        await register({ backchannel_logout_uri: refused }),
        refused,
      ).toMatchObject({
        status: 400,
        body: { error: "invalid_client_metadata" },
      });
    expect(
      await register({
        backchannel_logout_uri: "https://app.example/logout",
        backchannel_logout_session_required: true,
      }),
    ).toMatchObject({
      status: 201,
      body: {
        backchannel_logout_uri: "https://app.example/logout",
        backchannel_logout_session_required: true,
      },
    });

    const { admin, clientId } = await appWithLogout();
    const update = (fields: Record<string, unknown>) =>
      admin.request("PUT", `/oauth/clients/${clientId}`, {
        json: { name: "Notes app", redirect_uris: [REDIRECT_URI], ...fields },
        host: OAUTH_CLIENT_ROUTE,
        params: { id: clientId },
      });
    const refused = await update({
      backchannel_logout_uri: "http://10.0.0.1/logout",
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual([
      "backchannel_logout_uri",
    ]);
    const cleared = await update({ backchannel_logout_uri: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.backchannel_logout_uri).toBeNull();
  });
});
