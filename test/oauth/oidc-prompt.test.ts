import * as openid from "openid-client";
import { beforeEach, describe, expect, it } from "vitest";
import type { User } from "@/db/schema";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import type { Agent, AgentResponse } from "../support/agent";
import { passkeySignIn, withPasskey } from "../support/passkeys";
import { enrol, startSignIn, totpCode } from "../support/two-factor";
import { registerPublicApp } from "./flows";
import {
  AUTHORIZE,
  openidConfig,
  openidRequest,
  REDIRECT_URI,
  signedInAdmin,
} from "./support";

// OpenID Connect Core 1.0 §3.1.2.1 (prompt, max_age, form POST), §2 (auth_time, amr, acr) and
// §5.4 (the profile scope's claims), judged by openid-client (decision record 086).

const app = useTestApp();
// A fixed clock: auth_time is compared to it to the second.
beforeEach(() => app.setNow(new Date()));

const AVATAR = `/uploads/${"a".repeat(32)}.png`;
const NAVIGATION = {
  "sec-fetch-mode": "navigate",
  "sec-fetch-dest": "document",
};

/** A user's app (a public client of an administrator's) and its openid-client configuration. */
async function registeredApp() {
  const { agent } = await signedInAdmin(app);
  const registered = await registerPublicApp(agent);
  return {
    clientId: registered.id,
    config: await openidConfig(app, registered.id),
  };
}

/** The consent screen's JSON read of an authorization URL (or of the path the sign-in returns to). */
const ask = (agent: Agent, url: URL | string) => {
  const target = new URL(url, app.services.env.APP_URL);
  return agent.get(target.pathname + target.search, { host: AUTHORIZE });
};

/** A browser loading the authorization URL as a page (Fetch Metadata): its redirect. */
async function navigate(agent: Agent, url: URL): Promise<URL> {
  const answer = await agent.get(url.pathname + url.search, {
    host: AUTHORIZE,
    asJson: false,
    headers: NAVIGATION,
  });
  expect(answer.status, answer.text).toBe(302);
  return new URL(
    answer.headers.get("location") ?? "",
    app.services.env.APP_URL,
  );
}

/** Where an answer sends the browser: the client's redirect URI, or this server's sign-in screen. */
function destination(answer: AgentResponse): URL {
  expect(answer.status, answer.text).toBe(200);
  expect(typeof answer.body.redirect, answer.text).toBe("string");
  return new URL(answer.body.redirect as string);
}

/** The consent, approved when asked; the client's callback. */
async function approveAt(agent: Agent, url: URL | string): Promise<URL> {
  const shown = await ask(agent, url);
  if (typeof shown.body.redirect === "string")
    return new URL(shown.body.redirect);
  const { auth_token, state, client_id } = shown.body;
  return destination(
    await agent.post(
      "/oauth/authorize",
      { auth_token, state, client_id },
      { host: AUTHORIZE },
    ),
  );
}

/** The sign-in screen's address asked for a fresh sign-in, and the path it returns to. */
function freshSignInScreen(location: URL): string {
  expect(location.pathname).toBe("/auth/login");
  expect(location.searchParams.get("prompt")).toBe("login");
  const back = location.searchParams.get("redirect") ?? "";
  expect(back).toMatch(/^\/oauth\/authorize\?/);
  return back;
}

/** The sign-in screen's form, sent by a browser that is still signed in. */
async function signInAgain(agent: Agent, user: User) {
  const response = await agent.post("/auth/login", {
    email: user.email,
    password: PASSWORD,
  });
  expect(response.status, response.text).toBe(200);
}

const nowSeconds = () => Math.floor(app.services.now().getTime() / 1000);

describe("prompt=login and max_age force a fresh sign-in (OpenID Connect Core §3.1.2.1)", () => {
  it("prompt=login sends a signed-in browser to the sign-in screen, and the new ID token's auth_time moves", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const first = await openidRequest(config);
    const firstTokens = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, first.url),
      first.checks,
    );
    const firstAuthTime = firstTokens.claims()?.auth_time;
    expect(firstAuthTime).toBe(nowSeconds());

    app.advance(120);
    const again = await openidRequest(config, { prompt: "login" });
    // The page a browser loads, and the consent screen's JSON: both to the sign-in screen.
    const back = freshSignInScreen(await navigate(agent, again.url));
    freshSignInScreen(destination(await ask(agent, again.url)));
    // Back without signing in: asked again, no code.
    freshSignInScreen(destination(await ask(agent, back)));

    await signInAgain(agent, user);
    const tokens = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, back),
      again.checks,
    );
    expect(tokens.claims()?.auth_time).toBe(nowSeconds());
    expect(tokens.claims()?.auth_time).toBe((firstAuthTime ?? 0) + 120);
  });

  it("max_age older than the session's sign-in asks for a fresh one; the ID token carries auth_time within it", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const fresh = await openidRequest(config, { max_age: "3600" });
    const within = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, fresh.url),
      { ...fresh.checks, maxAge: 3600 },
    );
    expect(within.claims()?.auth_time).toBe(nowSeconds());

    app.advance(600);
    const stale = await openidRequest(config, { max_age: "300" });
    const back = freshSignInScreen(destination(await ask(agent, stale.url)));
    await signInAgain(agent, user);
    const tokens = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, back),
      { ...stale.checks, maxAge: 300 },
    );
    expect(tokens.claims()?.auth_time).toBe(nowSeconds());
  });

  it("max_age=0 asks even right after a sign-in, and is satisfied by the sign-in it asked for", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const request = await openidRequest(config, { max_age: "0" });
    const back = freshSignInScreen(destination(await ask(agent, request.url)));
    app.advance(5);
    await signInAgain(agent, user);
    app.advance(5);
    const tokens = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, back),
      request.checks,
    );
    expect(tokens.claims()?.auth_time).toBe(nowSeconds() - 5);
  });

  it("lets the signed-in browser through the second factor of the sign-in it asked for", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const { secret } = await enrol(app, user, app.services.now());
    const agent = await startSignIn(app, user);
    expect(
      (
        await agent.post("/auth/two-factor-challenge", {
          code: totpCode(secret, app.services.now()),
        })
      ).status,
    ).toBe(204);
    app.advance(60);
    const request = await openidRequest(config, { prompt: "login" });
    const back = freshSignInScreen(destination(await ask(agent, request.url)));
    const login = await agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(login.body).toEqual({ two_factor: true });
    const challenge = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, app.services.now()),
    });
    expect(challenge.status, challenge.text).toBe(204);
    const tokens = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, back),
      request.checks,
    );
    expect(tokens.claims()?.auth_time).toBe(nowSeconds());
  });

  it("the sign-in screen's words for it are in English and Spanish", () => {
    const message =
      "The app you came from asked you to sign in again. Sign in to continue.";
    expect((en as Record<string, string>)[message]).toBe(message);
    expect((es as Record<string, string>)[message]).toMatch(/iniciar sesión/);
  });
});

describe("prompt=none never shows a screen (OpenID Connect Core §3.1.2.1)", () => {
  /** The error openid-client reads from the callback a browser was sent to. */
  async function errorAt(
    config: openid.Configuration,
    callback: URL,
    checks: { pkceCodeVerifier: string; expectedState: string },
  ): Promise<string> {
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    const error = await openid
      .authorizationCodeGrant(config, callback, checks)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(openid.AuthorizationResponseError);
    return (error as openid.AuthorizationResponseError).error;
  }

  it("answers login_required at the redirect URI to a browser that is not signed in", async () => {
    const { config } = await registeredApp();
    const request = await openidRequest(config, { prompt: "none" });
    const guest = app.agent();
    await guest.csrf();
    expect(
      await errorAt(config, await navigate(guest, request.url), request.checks),
    ).toBe("login_required");
  });

  it("answers consent_required for an app never approved, and login_required when max_age asks for a sign-in", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const unapproved = await openidRequest(config, { prompt: "none" });
    expect(
      await errorAt(
        config,
        await navigate(agent, unapproved.url),
        unapproved.checks,
      ),
    ).toBe("consent_required");

    // Approved before: Passport's skip needs a live token of the app.
    const approved = await openidRequest(config);
    await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, approved.url),
      approved.checks,
    );
    app.advance(120);
    const stale = await openidRequest(config, {
      prompt: "none",
      max_age: "60",
    });
    expect(
      await errorAt(config, await navigate(agent, stale.url), stale.checks),
    ).toBe("login_required");
    const silent = await openidRequest(config, { prompt: "none" });
    const tokens = await openid.authorizationCodeGrant(
      config,
      await navigate(agent, silent.url),
      silent.checks,
    );
    expect(tokens.claims()?.sub).toBe(String(user.id));
  });
});

describe("an authorization request by form POST (OpenID Connect Core §3.1.2.1)", () => {
  const formOf = (url: URL) => Object.fromEntries(url.searchParams);

  it("is answered as its GET, from another site without a CSRF token: the sign-in, then the consent", async () => {
    const { config } = await registeredApp();
    const request = await openidRequest(config);
    const browser = app.agent();
    const posted = await browser.request("POST", "/oauth/authorize", {
      form: formOf(request.url),
      host: AUTHORIZE,
      asJson: false,
      noCsrf: true,
    });
    // The browser's form POST from the client's site carries no session cookie (SameSite=Lax).
    expect(posted.status, posted.text).toBe(302);
    const location = new URL(
      posted.headers.get("location") ?? "",
      app.services.env.APP_URL,
    );
    expect(location.pathname).toBe("/auth/login");
    const back = new URL(
      location.searchParams.get("redirect") ?? "",
      app.services.env.APP_URL,
    );
    expect(Object.fromEntries(back.searchParams)).toEqual(formOf(request.url));

    const user = await app.createUser();
    const agent = await signIn(app, user);
    const tokens = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, back),
      request.checks,
    );
    expect(tokens.claims()?.sub).toBe(String(user.id));
  });

  it("approves nothing: a signed-in browser's POST without the token gets the consent screen, a forged approval 419", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const request = await openidRequest(config);
    const posted = await agent.request("POST", "/oauth/authorize", {
      form: formOf(request.url),
      host: AUTHORIZE,
      noCsrf: true,
    });
    expect(posted.status, posted.text).toBe(200);
    expect(posted.body).toMatchObject({
      client_id: config.clientMetadata().client_id,
      redirect_uri: REDIRECT_URI,
    });
    expect(posted.body.redirect).toBeUndefined();
    const forged = await agent.request("POST", "/oauth/authorize", {
      form: {
        ...formOf(request.url),
        auth_token: posted.body.auth_token as string,
      },
      host: AUTHORIZE,
      noCsrf: true,
    });
    expect(forged.status).toBe(419);
    const navigation = await agent.request("POST", "/oauth/authorize", {
      form: formOf(request.url),
      host: AUTHORIZE,
      asJson: false,
      noCsrf: true,
      headers: NAVIGATION,
    });
    expect(navigation.status).toBe(302);
    expect(navigation.headers.get("location")).toBe(
      `/authorize${request.url.search}`,
    );
  });
});

describe("the ID token and userinfo say who signed in and how (OpenID Connect Core §2, §5.4; RFC 8176)", () => {
  /** A code flow of `agent`'s user, approved: openid-client's tokens and its userinfo. */
  async function tokensOf(agent: Agent, config: openid.Configuration) {
    const request = await openidRequest(config);
    const tokens = await openid.authorizationCodeGrant(
      config,
      await approveAt(agent, request.url),
      request.checks,
    );
    const claims = tokens.claims();
    if (!claims) throw new Error("no ID token");
    const userinfo = await openid.fetchUserInfo(
      config,
      tokens.access_token,
      claims.sub,
    );
    return { claims, userinfo };
  }

  it("a password: amr pwd, acr 1, and the profile scope's claims the user has, as discovery lists them", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser({
      name: "Ada Lovelace",
      payload: { avatar: AVATAR },
    });
    const { claims, userinfo } = await tokensOf(
      await signIn(app, user),
      config,
    );
    expect(claims.amr).toEqual(["pwd"]);
    expect(claims.acr).toBe("1");
    const profile = {
      name: "Ada Lovelace",
      picture: `${app.services.env.APP_URL}${AVATAR}`,
      updated_at: Math.floor((user.updatedAt ?? new Date(0)).getTime() / 1000),
      email: user.email,
      email_verified: true,
    };
    expect(claims).toMatchObject(profile);
    expect(userinfo).toEqual({ sub: String(user.id), ...profile });
    const supported = config.serverMetadata().claims_supported ?? [];
    for (const claim of [...Object.keys(claims), ...Object.keys(userinfo)])
      expect(supported, claim).toContain(claim);
    expect(config.serverMetadata().acr_values_supported).toEqual(["1", "2"]);
  });

  it("a second factor: amr pwd, otp and mfa, acr 2", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const { secret } = await enrol(app, user, app.services.now());
    const agent = await startSignIn(app, user);
    await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, app.services.now()),
    });
    const { claims } = await tokensOf(agent, config);
    expect(claims.amr).toEqual(["pwd", "otp", "mfa"]);
    expect(claims.acr).toBe("2");
  });

  it("a passkey: a key with its user verified, two factors, acr 2", async () => {
    const { config } = await registeredApp();
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    const { agent, response } = await passkeySignIn(app, authenticator);
    expect(response.status, response.text).toBe(200);
    const { claims } = await tokensOf(agent, config);
    expect(claims.amr).toEqual([
      expect.stringMatching(/^(hwk|swk)$/),
      "user",
      "mfa",
    ]);
    expect(claims.acr).toBe("2");
  });
});
