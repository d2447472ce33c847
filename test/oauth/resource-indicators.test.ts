import * as oauth from "oauth4webapi";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { signIn, useTestApp } from "../support/app";
import { authorizationUrlWithPkce } from "./flows";
import {
  clientOptions,
  consent,
  discover,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
} from "./support";

const app = useTestApp();

const FOREIGN = "https://other.example/api";

/** A web app (confidential, so it may introspect) and a signed-in user. */
async function webAppAndUser() {
  const as = await discover(app);
  const registered = await registerClient((await signedInAdmin(app)).agent, {
    name: "Notes app",
    redirect_uris: [REDIRECT_URI],
    confidential: true,
  });
  const user = await app.createUser({ email: "ada@example.com" });
  return {
    as,
    clientId: registered.id,
    client: { client_id: registered.id } satisfies oauth.Client,
    auth: oauth.ClientSecretBasic(registered.plainSecret ?? ""),
    userAgent: await signIn(app, user),
  };
}

type Setup = Awaited<ReturnType<typeof webAppAndUser>>;

/** The audience of a token bound to this API: Passport's client id, then the resource. */
const boundAud = (setup: Setup) => [setup.clientId, app.services.env.APP_URL];

/** The authorization request with each of `resources` as a `resource` parameter; the callback. */
async function authorize(setup: Setup, resources: string[]) {
  const { url, verifier } = await authorizationUrlWithPkce(setup.as, {
    clientId: setup.clientId,
    scope: "user:write profile",
    state: "s",
  });
  for (const resource of resources)
    url.searchParams.append("resource", resource);
  return { callback: await consent(setup.userAgent, url), verifier };
}

/** The code's exchange, each of `resources` sent as `resource`. */
async function exchange(
  setup: Setup,
  authorized: { callback: URL; verifier: string },
  resources: string[],
) {
  const params = oauth.validateAuthResponse(
    setup.as,
    setup.client,
    authorized.callback,
    "s",
  );
  return oauth.authorizationCodeGrantRequest(
    setup.as,
    setup.client,
    setup.auth,
    params,
    REDIRECT_URI,
    authorized.verifier,
    {
      ...clientOptions(app),
      additionalParameters: resources.map((value) => ["resource", value]),
    },
  );
}

function refresh(setup: Setup, refreshToken: string, resources: string[]) {
  return oauth.refreshTokenGrantRequest(
    setup.as,
    setup.client,
    setup.auth,
    refreshToken,
    {
      ...clientOptions(app),
      additionalParameters: resources.map((value) => ["resource", value]),
    },
  );
}

/** The OAuth error oauth4webapi reads from a token response, with league's hint. */
async function tokenError(response: Response) {
  expect(response.status).toBe(400);
  return (await response.json()) as { error: string; hint?: string };
}

describe("RFC 8707 resource indicators (decision record 074), judged by oauth4webapi", () => {
  it("binds the code flow's token to the resource: aud [client, resource], introspected, accepted here; refreshing keeps it", async () => {
    const setup = await webAppAndUser();
    const resource = app.services.env.APP_URL;
    const tokens = await oauth.processAuthorizationCodeResponse(
      setup.as,
      setup.client,
      await exchange(setup, await authorize(setup, [resource]), [resource]),
    );
    expect(decodeJwt(tokens.access_token).aud).toEqual(boundAud(setup));
    const me = await app
      .agent()
      .get("/auth/get-auth", { bearer: tokens.access_token });
    expect(me.body.authenticated).toBe(true);
    const described = await oauth.processIntrospectionResponse(
      setup.as,
      setup.client,
      await oauth.introspectionRequest(
        setup.as,
        setup.client,
        setup.auth,
        tokens.access_token,
        clientOptions(app),
      ),
    );
    expect(described).toMatchObject({
      active: true,
      aud: boundAud(setup),
    });

    // Twice without `resource`: each refresh token remembers the grant's resources.
    let refreshToken = tokens.refresh_token ?? "";
    for (let round = 0; round < 2; round++) {
      const refreshed = await oauth.processRefreshTokenResponse(
        setup.as,
        setup.client,
        await refresh(setup, refreshToken, []),
      );
      expect(decodeJwt(refreshed.access_token).aud).toEqual(boundAud(setup));
      refreshToken = refreshed.refresh_token ?? "";
    }
    const outside = await tokenError(
      await refresh(setup, refreshToken, [FOREIGN]),
    );
    expect(outside).toMatchObject({
      error: "invalid_target",
      hint: `The resource ${FOREIGN} was not authorized for this grant`,
    });
    // The same identifier with a trailing slash names this API: the token carries the metadata's form.
    const slashed = await oauth.processRefreshTokenResponse(
      setup.as,
      setup.client,
      await refresh(setup, refreshToken, [`${resource}/`]),
    );
    expect(decodeJwt(slashed.access_token).aud).toEqual(boundAud(setup));
  });

  it("answers invalid_target at the redirect URI for a relative, a fragment's or a foreign resource", async () => {
    const setup = await webAppAndUser();
    const resource = app.services.env.APP_URL;
    for (const resources of [
      ["/api"],
      [`${resource}#top`],
      [FOREIGN],
      [`${resource}/auth`],
      [resource, FOREIGN],
    ]) {
      const { callback } = await authorize(setup, resources);
      expect(callback.searchParams.get("code")).toBeNull();
      let error: unknown;
      try {
        oauth.validateAuthResponse(setup.as, setup.client, callback, "s");
      } catch (caught) {
        error = caught;
      }
      expect(error, resources.join(" ")).toBeInstanceOf(
        oauth.AuthorizationResponseError,
      );
      expect((error as oauth.AuthorizationResponseError).error).toBe(
        "invalid_target",
      );
    }
  });

  it("refuses a token request naming a resource outside the code's, or a malformed one, and the code stays usable", async () => {
    const setup = await webAppAndUser();
    const resource = app.services.env.APP_URL;
    const authorized = await authorize(setup, [resource]);
    const outside = await tokenError(
      await exchange(setup, authorized, [FOREIGN, resource]),
    );
    expect(outside).toEqual({
      error: "invalid_target",
      error_description:
        "The requested resource is invalid, missing, unknown, or malformed.",
      hint: `The resource ${FOREIGN} was not authorized for this grant`,
    });
    const relative = await tokenError(
      await exchange(setup, authorized, ["api"]),
    );
    expect(relative.error).toBe("invalid_target");
    const tokens = await oauth.processAuthorizationCodeResponse(
      setup.as,
      setup.client,
      await exchange(setup, authorized, []),
    );
    // None named at the token request: the token is for the code's resources.
    expect(decodeJwt(tokens.access_token).aud).toEqual(boundAud(setup));
  });

  it("without resource the token keeps Passport's aud, the client's id as a string", async () => {
    const setup = await webAppAndUser();
    const tokens = await oauth.processAuthorizationCodeResponse(
      setup.as,
      setup.client,
      await exchange(setup, await authorize(setup, []), []),
    );
    expect(decodeJwt(tokens.access_token).aud).toBe(setup.clientId);
    const me = await app
      .agent()
      .get("/auth/get-auth", { bearer: tokens.access_token });
    expect(me.body.authenticated).toBe(true);
  });
});
