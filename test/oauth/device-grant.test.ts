import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { DEVICE_AUTHORIZE_ROUTE, OAUTH_DEVICE_ROUTE } from "@/lib/oauth/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { stepUp } from "../support/two-factor";
import { clientOptions, startDeviceGrant, signedInAdmin } from "./support";
import { exchangingResource, NOTES } from "./token-exchange-support";

const app = useTestApp();
const deviceClient = (admin: Agent) => startDeviceGrant(app, admin);

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: string }).error;

describe("the device grant (RFC 8628), judged by oauth4webapi", () => {
  it("pending, slow_down, then approved by the signed-in user: tokens, once", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const { as, client, started, poll } = await deviceClient(admin);
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/);
    expect(started.verification_uri).toBe(
      `${app.services.env.APP_URL}/oauth/device`,
    );
    expect(started.verification_uri_complete).toContain(started.user_code);
    expect(started.interval).toBe(5);
    expect(started.expires_in).toBe(600);

    app.setNow(new Date());
    expect(await errorOf(await poll())).toBe("authorization_pending");
    app.advance(1);
    expect(await errorOf(await poll())).toBe("slow_down");

    const user = await app.createUser();
    const agent = await signIn(app, user);
    const entry = await agent.get(
      `/oauth/device?user_code=${started.user_code.toLowerCase()}`,
      { host: OAUTH_DEVICE_ROUTE },
    );
    const consentPath = entry.body.redirect as string;
    const shown = await agent.get(consentPath, {
      host: DEVICE_AUTHORIZE_ROUTE,
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      user_code: started.user_code,
      client: { name: "Command line" },
      scopes: [{ id: "user:write" }],
    });
    const approved = await agent.post(
      "/oauth/device/authorize",
      { auth_token: shown.body.auth_token },
      { host: DEVICE_AUTHORIZE_ROUTE },
    );
    expect(approved.body).toEqual({ approved: true });

    // The slow_down made the interval ten seconds (RFC 8628 §3.5, decision record 081).
    app.advance(10);
    const tokens = await oauth.processDeviceCodeResponse(
      as,
      client,
      await poll(),
    );
    expect(tokens.refresh_token).toMatch(/^def50200/);
    // Its scope is `user:write`: the profile's update, no read of the user (decision record 082).
    const me = await app.agent().get("/auth/get-auth", {
      bearer: tokens.access_token,
    });
    expect(me.status).toBe(403);
    app.advance(10);
    expect(await errorOf(await poll())).toBe("invalid_grant");
  });

  it("each slow_down adds 5 s to the interval the server enforces, on every instance (RFC 8628 §3.5, decision record 081)", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const { as, client, started, poll } = await deviceClient(admin);
    const second = { services: app.instance() };
    const pollSecond = () =>
      oauth.deviceCodeGrantRequest(
        as,
        client,
        oauth.None(),
        started.device_code,
        clientOptions(second),
      );
    // Whole seconds, as oauth_device_codes.last_polled_at keeps them.
    app.setNow(new Date(Math.floor(Date.now() / 1000) * 1000));
    expect(await errorOf(await poll())).toBe("authorization_pending");
    app.advance(1);
    expect(await errorOf(await poll())).toBe("slow_down");
    // Enough for the five seconds the device was given, not for ten.
    app.advance(6);
    expect(await errorOf(await pollSecond())).toBe("slow_down");
    app.advance(11);
    expect(await errorOf(await poll())).toBe("slow_down");
    // Twenty seconds now, whichever instance answers; another device code starts at five.
    app.advance(19);
    expect(await errorOf(await pollSecond())).toBe("slow_down");
    app.advance(25);
    expect(await errorOf(await pollSecond())).toBe("authorization_pending");
    app.advance(25);
    expect(await errorOf(await poll())).toBe("authorization_pending");
    const other = await deviceClient(admin);
    expect(await errorOf(await other.poll())).toBe("authorization_pending");
    app.advance(6);
    expect(await errorOf(await other.poll())).toBe("authorization_pending");
  });

  it("a device that waits exactly the interval is never slowed down by last_polled_at's whole seconds", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const { poll } = await deviceClient(admin);
    // 600 ms past a second: the column rounds the poll up to the next one.
    app.setNow(new Date(Math.floor(Date.now() / 1000) * 1000 + 600));
    for (let polls = 0; polls < 3; polls++) {
      expect(await errorOf(await poll())).toBe("authorization_pending");
      app.advance(5);
    }
  });

  it("denied: access_denied; expired: expired_token", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const denied = await deviceClient(admin);
    const agent = await signIn(app, await app.createUser());
    const shown = await agent.get(
      `/oauth/device/authorize?user_code=${denied.started.user_code}`,
      { host: DEVICE_AUTHORIZE_ROUTE },
    );
    const answer = await agent.request("DELETE", "/oauth/device/authorize", {
      json: { auth_token: shown.body.auth_token },
      host: DEVICE_AUTHORIZE_ROUTE,
    });
    expect(answer.body).toEqual({ approved: false });
    const refused = await denied.poll();
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toBe("access_denied");

    const late = await deviceClient(admin);
    app.setNow(new Date(Date.now() + 601_000));
    expect(await errorOf(await late.poll())).toBe("expired_token");
    // An unknown or expired user code shows nothing.
    const unknown = await agent.get(
      "/oauth/device/authorize?user_code=BCDFBCDF",
      {
        host: DEVICE_AUTHORIZE_ROUTE,
      },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("the device's approval tells what a resource's server may do by exchange (decision record 115)", () => {
  /** A device asking for the Notes API, whose server may exchange for `exchangeScopes`; the approval screen's answer. */
  async function deviceForNotes(exchangeScopes: string[]) {
    const { agent: admin } = await signedInAdmin(app);
    await exchangingResource(admin, { exchangeScopes });
    const device = await startDeviceGrant(app, admin, "notes:read", {
      resource: NOTES,
    });
    const agent = await signIn(app, await app.createUser());
    const shown = await agent.get(
      `/oauth/device/authorize?user_code=${device.started.user_code}`,
      { host: DEVICE_AUTHORIZE_ROUTE },
    );
    expect(shown.status).toBe(200);
    const approve = () =>
      agent.post(
        "/oauth/device/authorize",
        { auth_token: shown.body.auth_token },
        { host: DEVICE_AUTHORIZE_ROUTE },
      );
    return { admin, device, agent, shown: shown.body, approve };
  }

  it("lists them in this server's words, and asks for a recent password confirmation (423) when they hold a step-up scope", async () => {
    const { device, agent, shown, approve } = await deviceForNotes([
      "sessions:read",
      "admin",
    ]);
    expect(shown).toMatchObject({
      scopes: [{ id: "notes:read", description: "Read your notes" }],
      exchanges: [
        {
          resource: { identifier: NOTES, name: "Notes API" },
          scopes: [
            { id: "sessions:read", description: "See where you are signed in" },
            {
              id: "admin",
              description: "Administer users (administrators only)",
            },
          ],
        },
      ],
    });
    expect((await approve()).status).toBe(423);
    expect(await errorOf(await device.poll())).toBe("authorization_pending");
    await stepUp(agent);
    expect((await approve()).body).toEqual({ approved: true });
  });

  it("a server that may only read sessions asks no step-up; a device asking for no resource hears of no exchange", async () => {
    const { admin, shown, approve } = await deviceForNotes(["sessions:read"]);
    expect(shown.exchanges).toHaveLength(1);
    expect((await approve()).body).toEqual({ approved: true });
    const plain = await startDeviceGrant(app, admin);
    const agent = await signIn(app, await app.createUser());
    const asked = await agent.get(
      `/oauth/device/authorize?user_code=${plain.started.user_code}`,
      { host: DEVICE_AUTHORIZE_ROUTE },
    );
    expect(asked.body.exchanges).toEqual([]);
  });
});
