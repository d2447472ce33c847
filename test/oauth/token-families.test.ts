import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { signIn, useTestApp } from "../support/app";
import {
  approveCode,
  authenticates,
  registerPublicApp,
  tokenEndpoint,
} from "./flows";
import { clientOptions, discover, signedInAdmin } from "./support";

const app = useTestApp();

/**
 * A public client and a signed-in user; `authorize` runs the code flow once more (one more grant,
 * its own family), judged by oauth4webapi.
 */
async function clientAndUser() {
  const as = await discover(app);
  const registered = await registerPublicApp((await signedInAdmin(app)).agent);
  const client: oauth.Client = { client_id: registered.id };
  const userAgent = await signIn(app, await app.createUser());
  const endpoint = tokenEndpoint(app, as, client);
  const authorize = async () => {
    const code = await approveCode(userAgent, as, client, {
      scope: "user:write profile",
      state: "s",
    });
    const tokens = await endpoint.redeem(code);
    return {
      access: tokens.access_token,
      refresh: tokens.refresh_token ?? "",
      replayCode: () => endpoint.exchange(code),
    };
  };
  const refresh = async (token: string) => {
    const tokens = await endpoint.refresh(token);
    return { access: tokens.access_token, refresh: tokens.refresh_token ?? "" };
  };
  const revoke = async (token: string) =>
    oauth.processRevocationResponse(
      await oauth.revocationRequest(
        as,
        client,
        oauth.None(),
        token,
        clientOptions(app),
      ),
    );
  return {
    authorize,
    refresh,
    refreshRequest: endpoint.refreshRequest,
    revoke,
  };
}

const refusal = async (response: Response) => ({
  status: response.status,
  error: ((await response.json()) as { error: string }).error,
});

describe("reuse detection revokes the grant's own family (RFC 9700 §4.14.2, decision record 081)", () => {
  it("a rotated refresh token presented again ends its grant's newest pair, not the client's other grants", async () => {
    const { authorize, refresh, refreshRequest } = await clientAndUser();
    const first = await authorize();
    const other = await authorize();
    const rotated = await refresh(
      await refresh(first.refresh).then((pair) => pair.refresh),
    );

    expect(await refusal(await refreshRequest(first.refresh))).toEqual({
      status: 400,
      error: "invalid_grant",
    });
    // Two rotations on, the chain's live pair is revoked with it…
    expect(await authenticates(app, rotated.access)).toBe(false);
    expect((await refreshRequest(rotated.refresh)).status).toBe(400);
    // …and the same user's other grant of the same client is left alone.
    expect(await authenticates(app, other.access)).toBe(true);
    expect(
      await authenticates(app, (await refresh(other.refresh)).access),
    ).toBe(true);
  });

  it("a refresh token the client revoked itself (RFC 7009) is invalid_grant later and revokes nothing else", async () => {
    const { authorize, refresh, refreshRequest, revoke } =
      await clientAndUser();
    const first = await authorize();
    const rotated = await refresh(first.refresh);
    const other = await authorize();

    await revoke(rotated.refresh);
    expect(await authenticates(app, rotated.access)).toBe(false);
    expect(await refusal(await refreshRequest(rotated.refresh))).toEqual({
      status: 400,
      error: "invalid_grant",
    });
    expect(await authenticates(app, other.access)).toBe(true);
    const renewed = await refresh(other.refresh);
    expect(await authenticates(app, renewed.access)).toBe(true);
  });

  it("a code used twice revokes the tokens it issued, not the client's other grants (OAuth 2.1 §4.1.3)", async () => {
    const { authorize, refresh } = await clientAndUser();
    const first = await authorize();
    const rotated = await refresh(first.refresh);
    const other = await authorize();

    expect(await refusal(await first.replayCode())).toEqual({
      status: 400,
      error: "invalid_grant",
    });
    expect(await authenticates(app, rotated.access)).toBe(false);
    expect(await authenticates(app, other.access)).toBe(true);
  });
});
