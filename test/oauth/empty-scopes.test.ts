import { describe, expect, it } from "vitest";
import { PERSONAL_TOKEN_STORE_ROUTE } from "@/lib/oauth/json-api-routes";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { authorizationUrl, registerPublicApp } from "./flows";
import {
  AUTHORIZE,
  clientCredentials,
  discover,
  registerClient,
  signedInAdmin,
} from "./support";

// Decision record 011, amendment 2026-12-02: an empty list of scopes is taken at its word, the
// narrowest set, never every scope: a personal access token with none only reads, a client
// allowed none may ask for none.
const app = useTestApp();

describe("an empty list of scopes", () => {
  it("makes a personal access token with no scope, as a missing list does: it reads, and a write is 403", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const confirmed = await agent.post("/auth/user/confirm-password", {
      password: PASSWORD,
    });
    expect(confirmed.status).toBe(201);
    for (const fields of [{ scopes: [] }, {}]) {
      const created = await agent.post(
        "/oauth/personal-access-tokens",
        { name: "reader", ...fields },
        { host: PERSONAL_TOKEN_STORE_ROUTE },
      );
      expect(created.status).toBe(200);
      expect(created.body.token.scopes).toEqual([]);
      const bearer = created.body.accessToken as string;
      const read = await app.agent().post("/auth/tokens", {}, { bearer });
      expect(read.status).toBe(200);
      const write = await app
        .agent()
        .post("/auth/flush-tokens", {}, { bearer });
      expect(write.status).toBe(403);
    }
  });

  it("allows a client no scope: a user's app asking for `*` and a machine asking for `tokens:write` get invalid_scope", async () => {
    const as = await discover(app);
    const { agent } = await signedInAdmin(app);
    // A recent confirmation, should creating a client ask for one: this test is about the scopes.
    await agent.post("/auth/user/confirm-password", { password: PASSWORD });
    const userApp = await registerPublicApp(agent, {
      grant_types: ["authorization_code", "refresh_token"],
      scopes: [],
    });
    expect(userApp.body.scopes).toEqual([]);
    const url = authorizationUrl(
      as,
      { clientId: userApp.id, scope: "*", state: "s1" },
      {
        // RFC 7636 appendix B's challenge: refused before any code is made.
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      },
    );
    const userAgent = await signIn(app, await app.createUser());
    const shown = await userAgent.get(url.pathname + url.search, {
      host: AUTHORIZE,
    });
    const callback = new URL(shown.body.redirect);
    expect(callback.searchParams.get("error")).toBe("invalid_scope");

    const machine = await registerClient(agent, {
      name: "Billing sync",
      grant_types: ["client_credentials"],
      scopes: [],
    });
    expect(machine.body.scopes).toEqual([]);
    expect(
      await clientCredentials(app, machine.id, machine.plainSecret ?? ""),
    ).toBe("invalid_scope");
  });
});
