import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import * as openid from "openid-client";
import { describe, expect, it } from "vitest";
import { activityLog } from "@/db/schema";
import { OAUTH_LOGOUT_ROUTE } from "@/lib/oauth/routes";
import { signIn, useTestApp } from "../support/app";
import type { Agent } from "../support/agent";
import { userAccessToken } from "./flows";
import { openidConfig, REDIRECT_URI } from "./support";

const app = useTestApp();

/** openid-client's view of the server: discovery, then the end-session URL it builds. */
async function endSessionUrl(
  clientId: string,
  parameters: Record<string, string>,
): Promise<URL> {
  return openid.buildEndSessionUrl(
    await openidConfig(app, clientId),
    parameters,
  );
}

const follow = (agent: Agent, url: URL) =>
  agent.get(url.pathname + url.search, { host: OAUTH_LOGOUT_ROUTE });

const isSignedIn = async (agent: Agent) =>
  (await agent.get("/auth/get-auth")).body.user !== null;

describe("RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0), built by openid-client", () => {
  it("ends the hint's user's session and sends the browser back to the client with its state", async () => {
    const { tokens, clientId, user, userAgent } = await userAccessToken(
      app,
      "openid profile",
    );
    expect(await isSignedIn(userAgent)).toBe(true);
    const url = await endSessionUrl(clientId, {
      id_token_hint: tokens.id_token ?? "",
      post_logout_redirect_uri: REDIRECT_URI,
      state: "bye-123",
    });
    expect(url.pathname).toBe("/oauth/logout");

    const answer = await follow(userAgent, url);
    expect(answer.status).toBe(200);
    expect(answer.body.redirect).toBe(`${REDIRECT_URI}?state=bye-123`);
    expect(await isSignedIn(userAgent)).toBe(false);
    const logouts = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "logout"));
    expect(logouts.map((entry) => entry.subjectId)).toEqual([user.id]);
  });

  it("takes an expired ID token as the hint, and lands on the sign-in screen when no address is named", async () => {
    const { tokens, clientId, userAgent } = await userAccessToken(
      app,
      "openid",
    );
    app.advance(2 * 3600);
    const answer = await follow(
      userAgent,
      await endSessionUrl(clientId, { id_token_hint: tokens.id_token ?? "" }),
    );
    expect(answer.body.redirect).toBe("/auth/login");
    expect(await isSignedIn(userAgent)).toBe(false);
  });

  it("leaves a browser signed in as someone else as it is", async () => {
    const { tokens, clientId } = await userAccessToken(app, "openid");
    const other = await signIn(
      app,
      await app.createUser({ email: "grace@example.com" }),
    );
    const answer = await follow(
      other,
      await endSessionUrl(clientId, {
        id_token_hint: tokens.id_token ?? "",
        post_logout_redirect_uri: REDIRECT_URI,
      }),
    );
    expect(answer.body.redirect).toBe(REDIRECT_URI);
    expect(await isSignedIn(other)).toBe(true);
  });

  it("refuses, signing nobody out, a missing or forged hint, another client's id, and an address the client did not register", async () => {
    const { tokens, userAgent } = await userAccessToken(app, "openid");
    const idToken = tokens.id_token ?? "";
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const claims = JSON.parse(
      Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString(),
    ) as Record<string, unknown>;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .sign(privateKey);
    const refusals: [Record<string, string>, string][] = [
      [{}, "Check the `id_token_hint` parameter"],
      [{ id_token_hint: forged }, "The ID token hint is not valid"],
      [{ id_token_hint: "not-a-jwt" }, "The ID token hint is not valid"],
      [
        {
          id_token_hint: idToken,
          client_id: "6f1e1c4e-0000-4000-8000-000000000000",
        },
        "Check the `client_id` parameter",
      ],
      [
        {
          id_token_hint: idToken,
          post_logout_redirect_uri: "https://evil.example/after",
        },
        "Check the `post_logout_redirect_uri` parameter",
      ],
    ];
    for (const [parameters, hint] of refusals) {
      const url = new URL("/oauth/logout", app.services.env.APP_URL);
      url.search = new URLSearchParams(parameters).toString();
      const answer = await follow(userAgent, url);
      expect(answer.status, JSON.stringify(parameters)).toBe(400);
      expect(answer.body).toMatchObject({ error: "invalid_request", hint });
    }
    expect(await isSignedIn(userAgent)).toBe(true);
  });
});
