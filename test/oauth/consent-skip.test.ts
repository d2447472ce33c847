import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { oauthConsents } from "@/db/schema";
import { OAUTH_CLIENT_ROUTE } from "@/lib/oauth/json-api-routes";
import { signIn, useTestApp } from "../support/app";
import {
  approveCode,
  authorizationUrlWithPkce,
  registerPublicApp,
  tokenEndpoint,
} from "./flows";
import {
  AUTHORIZE,
  consent,
  discover,
  REDIRECT_URI,
  signedInAdmin,
} from "./support";

const app = useTestApp();

const ADDED_URI = "https://elsewhere.example/callback";

/** What this file's app asks for, returning to `redirectUri`. */
const request = (redirectUri: string) => ({
  scope: "user:write",
  state: "s1",
  redirectUri,
});

/** A user who approved the owner's app and holds its tokens; the owner's agent to change the app. */
async function approvedApp() {
  const as = await discover(app);
  const { agent: owner } = await signedInAdmin(app);
  const registered = await registerPublicApp(owner);
  const client: oauth.Client = { client_id: registered.id };
  const user = await signIn(app, await app.createUser());
  const endpoint = tokenEndpoint(app, as, client);
  const tokens = await endpoint.redeem(
    await approveCode(user, as, client, request(REDIRECT_URI)),
  );
  const addUri = () =>
    owner.put(
      `/oauth/clients/${registered.id}`,
      { name: "Notes app", redirect_uris: [REDIRECT_URI, ADDED_URI] },
      { host: OAUTH_CLIENT_ROUTE, params: { id: registered.id } },
    );
  /** What GET /oauth/authorize answers this user for the URI: a redirect, or the consent's fields. */
  const show = async (redirectUri: string, extra = {}) => {
    const { url } = await authorizationUrlWithPkce(
      as,
      { clientId: registered.id, ...request(redirectUri) },
      extra,
    );
    const shown = await user.get(url.pathname + url.search, {
      host: AUTHORIZE,
    });
    expect(shown.status).toBe(200);
    return shown.body as { redirect?: string; auth_token?: string };
  };
  return { as, registered, user, endpoint, tokens, addUri, show };
}

describe("a consent covers the redirect URIs the client had when it was given (decision record 050, amendment 2026-12-02)", () => {
  it("a URI added after the approval is asked for again; the URIs it saw still skip", async () => {
    const { addUri, show, user, as, registered } = await approvedApp();
    expect((await show(REDIRECT_URI)).redirect).toContain("code=def50200");

    expect((await addUri()).status).toBe(200);
    const asked = await show(ADDED_URI);
    expect(asked.redirect).toBeUndefined();
    expect(asked.auth_token).toEqual(expect.any(String));
    // prompt=none hears consent_required at that URI, and no code goes there.
    const silent = new URL(
      (await show(ADDED_URI, { prompt: "none" })).redirect ?? "",
    );
    expect(silent.origin + silent.pathname).toBe(ADDED_URI);
    expect(silent.searchParams.get("error")).toBe("consent_required");
    expect(silent.searchParams.get("code")).toBeNull();
    expect((await show(REDIRECT_URI)).redirect).toContain("code=def50200");

    // Once approved with the new URI among the client's, it skips there too.
    const again = await authorizationUrlWithPkce(as, {
      clientId: registered.id,
      ...request(ADDED_URI),
    });
    const callback = await consent(user, again.url);
    expect(callback.origin + callback.pathname).toBe(ADDED_URI);
    expect((await show(ADDED_URI)).redirect).toContain("code=def50200");
  });

  it("a token refreshed after the URI was added does not renew the old consent", async () => {
    const { endpoint, tokens, addUri, show } = await approvedApp();
    expect((await addUri()).status).toBe(200);
    await endpoint.refresh(tokens.refresh_token ?? "");
    expect((await show(ADDED_URI)).auth_token).toEqual(expect.any(String));
  });

  it("a live token without a remembered consent (an approval from before) asks once", async () => {
    const { show } = await approvedApp();
    await app.database.db.delete(oauthConsents);
    expect((await show(REDIRECT_URI)).auth_token).toEqual(expect.any(String));
  });
});
