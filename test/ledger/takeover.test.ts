import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import { ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import { OAUTH_CLIENT_STORE_ROUTE } from "@/lib/oauth/json-api-routes";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { linkIn } from "../support/session";
import { stepUp } from "../support/two-factor";
import { userAccessToken } from "../oauth/flows";
import {
  AUTHORIZE,
  pipelineFetch,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
} from "../oauth/support";

// The findings that started the credential ledger (decision record 082), each through HTTP.
const app = useTestApp();
const VICTIM = "ada@example.com";

const getAuth = (bearer: string) =>
  app.agent().get("/auth/get-auth", { bearer });

async function resetThroughMailbox(email: string) {
  const guest = app.agent();
  await guest.csrf();
  await guest.post("/auth/forgot-password", { email });
  const [token = "", encoded = ""] = linkIn((await app.lastMailTo(email)).text)
    .pathname.split("/")
    .slice(-2);
  const reset = app.agent();
  await reset.csrf();
  return reset.post("/auth/reset-password", {
    token: decodeURIComponent(token),
    email: decodeURIComponent(encoded),
    password: "the-owners-new-password",
    password_confirmation: "the-owners-new-password",
  });
}

async function refresh(clientId: string, refreshToken: string) {
  return pipelineFetch(app)(`${app.services.env.APP_URL}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
    }),
  });
}

describe("nothing is added before the owner is proven (decision record 082)", () => {
  it("refuses a client and a consent to an account whose address is not proven (a squatter of an administrator's address)", async () => {
    const guest = app.agent();
    await guest.csrf();
    const registered = await guest.post("/auth/register", {
      name: "Squatter",
      email: VICTIM,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.status).toBeLessThan(300);
    await stepUp(guest);
    const created = await guest.post(
      "/oauth/clients",
      { name: "Mine", redirect_uris: [REDIRECT_URI], confidential: false },
      { host: OAUTH_CLIENT_STORE_ROUTE },
    );
    expect(created.status, created.text).toBe(403);
    const { agent: admin } = await signedInAdmin(app);
    const client = await registerClient(admin, {
      name: "Notes",
      redirect_uris: [REDIRECT_URI],
      confidential: false,
    });
    const consent = await guest.get(
      `/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: client.id,
        redirect_uri: REDIRECT_URI,
        scope: "openid",
        state: "s",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      }).toString()}`,
      { host: AUTHORIZE },
    );
    expect(consent.status, consent.text).toBe(403);
  });
});

describe("an account event ends every app's grant (decision record 082)", () => {
  it("a squatter's OAuth tokens die when the owner takes the address back", async () => {
    app.configure({ env: { ADMIN_EMAILS: `admin@example.com,${VICTIM}` } });
    // Without the step-up's scopes, which the squatter's own session could have confirmed.
    const { tokens, clientId, user } = await userAccessToken(
      app,
      "openid email user:write",
    );
    // The squatter's account, as it stood before the rule: never proven, holding a grant.
    await app.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, user.id));
    expect((await resetThroughMailbox(VICTIM)).status).toBe(200);
    const after = await getAuth(tokens.access_token);
    expect(after.body.authenticated ?? false, after.text).toBe(false);
    const admin = await app.agent().get("/api/admin/users", {
      bearer: tokens.access_token,
      host: ADMIN_USERS_ROUTE,
    });
    expect(admin.status).toBe(401);
    const renewed = await refresh(clientId, tokens.refresh_token ?? "");
    expect(renewed.status).toBe(400);
  });

  it("a reset of a proven account ends its apps' tokens too", async () => {
    const { tokens, clientId } = await userAccessToken(app, "openid email");
    expect((await getAuth(tokens.access_token)).body.authenticated).toBe(true);
    expect((await resetThroughMailbox(VICTIM)).status).toBe(200);
    expect(
      (await getAuth(tokens.access_token)).body.authenticated ?? false,
    ).toBe(false);
    expect((await refresh(clientId, tokens.refresh_token ?? "")).status).toBe(
      400,
    );
  });

  it("a deletion ends them for good: the refresh grant refuses while deleted and after a restore", async () => {
    const { tokens, clientId, user, userAgent } = await userAccessToken(
      app,
      "openid",
    );
    const deleted = await userAgent.request("DELETE", "/api/app/user", {
      json: { password: PASSWORD },
      host: USER_DELETE_ROUTE,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await refresh(clientId, tokens.refresh_token ?? "")).status).toBe(
      400,
    );
    await app.database.db
      .update(users)
      .set({ deletedAt: null })
      .where(eq(users.id, user.id));
    expect(
      (await getAuth(tokens.access_token)).body.authenticated ?? false,
    ).toBe(false);
    expect((await refresh(clientId, tokens.refresh_token ?? "")).status).toBe(
      400,
    );
  });
});

describe("each grant asks that its user is alive (decision record 082)", () => {
  it("the refresh grant refuses a user deleted by another writer (a Laravel app on the same tables)", async () => {
    const { tokens, clientId, user } = await userAccessToken(app, "openid");
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, user.id));
    expect((await refresh(clientId, tokens.refresh_token ?? "")).status).toBe(
      400,
    );
  });
});

describe("a token an app holds reaches only what its scopes name (decision record 082)", () => {
  it("openid alone: get-auth shows the id, and every other read is refused", async () => {
    app.configure({ env: { ADMIN_EMAILS: `admin@example.com,${VICTIM}` } });
    const { tokens } = await userAccessToken(app, "openid");
    const bearer = tokens.access_token;
    const auth = await getAuth(bearer);
    expect(auth.status).toBe(200);
    expect(Object.keys(auth.body.user)).toEqual(["id"]);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer })).status,
    ).toBe(403);
    expect(
      (await app.agent().get("/auth/user/sessions", { bearer })).status,
    ).toBe(403);
    const admin = await app
      .agent()
      .get("/api/admin/users", { bearer, host: ADMIN_USERS_ROUTE });
    expect(admin.status).toBe(403);
  });

  it("email shows the address, profile the name", async () => {
    const { tokens } = await userAccessToken(app, "openid email");
    const auth = await getAuth(tokens.access_token);
    expect(auth.body.user.email).toBe(VICTIM);
    expect(auth.body.user.name).toBeUndefined();
  });

  it("an administrator's own token needs `admin` for an administrator's read", async () => {
    app.configure({ env: { ADMIN_EMAILS: VICTIM } });
    const admin = await app.createUser({ email: VICTIM });
    const agent = app.agent();
    await agent.csrf();
    const made = await agent.post("/auth/create-token", {
      email: admin.email,
      password: PASSWORD,
      name: "reader",
      abilities: ["user:write"],
    });
    const bearer = made.body.token as string;
    const read = await app
      .agent()
      .get("/api/admin/users", { bearer, host: ADMIN_USERS_ROUTE });
    expect(read.status).toBe(403);
    expect((await getAuth(bearer)).body.user.email).toBe(VICTIM);
    expect((await signIn(app, admin)).cookies).toBeDefined();
  });
});
