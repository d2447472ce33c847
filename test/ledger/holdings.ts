import { eq } from "drizzle-orm";
import { type User, users } from "@/db/schema";
import { PERSONAL_TOKEN_STORE_ROUTE } from "@/lib/oauth/json-api-routes";
import { ADD_MEMBER, CREATE_TEAM } from "@/lib/teams/routes";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import type { Agent, AgentResponse } from "../support/agent";
import { PASSWORD, signIn, type TestApp } from "../support/app";
import { withPasskey } from "../support/passkeys";
import { linkIn } from "../support/session";
import type { SoftwareAuthenticator } from "../support/software-authenticator";
import { createToken } from "../support/tokens";
import { startSignIn, stepUp, totpCode } from "../support/two-factor";
import { REDIRECT_URI, registerClient } from "../oauth/support";
import { type AppGrants, seedAppGrants } from "./app-grants";

export const ADMIN = "admin@example.com";
export const OWNER = "owner@example.com";

/** One of every way into the owner's account, and what a probe needs to try each. */
export type Holdings = AppGrants & {
  owner: User;
  /** The owner's administrator. */
  admin: User;
  /** The browser session the probe reads; it never performs an event. */
  browser: Agent;
  /** A second session of the owner, stepped up: it performs the events a session performs. */
  actor: Agent;
  rememberToken: string | null;
  sanctumToken: string;
  /** A Sanctum token made for the team the administrator owns and the owner belongs to (decision record 106). */
  teamToken: string;
  team: number;
  personalAccessToken: string;
  /** The confidential client the owner registered, and its secret. */
  ownClient: { id: string; secret: string };
  authenticator: SoftwareAuthenticator;
  resetLink: { token: string; email: string };
};

/** Seeding goes on only past a route's success. */
function succeeded(response: AgentResponse, what: string): AgentResponse {
  if (response.status >= 300)
    throw new Error(`${what}: ${response.status} ${response.text}`);
  return response;
}

/** A reset link asked for by a guest, as the mailbox receives it (contract §4 rule 8). */
async function requestResetLink(app: TestApp, email: string) {
  const guest = app.agent();
  await guest.csrf();
  succeeded(await guest.post("/auth/forgot-password", { email }), "reset");
  const [token = "", address = ""] = linkIn((await app.lastMailTo(email)).text)
    .pathname.split("/")
    .slice(-2);
  return {
    token: decodeURIComponent(token),
    email: decodeURIComponent(address),
  };
}

/** A sign-in link and code asked for by a guest, mailed (decision record 088; `features.passwordless` on). */
async function requestSignInLink(app: TestApp, email: string) {
  const guest = app.agent();
  await guest.csrf();
  succeeded(await guest.post("/auth/passwordless", { email }), "sign-in link");
  await app.lastMailTo(email);
}

/** Fortify's enrolment through the routes, from a stepped-up session. */
async function enrolSecondFactor(agent: Agent, app: TestApp): Promise<void> {
  succeeded(
    await agent.post("/auth/user/two-factor-authentication"),
    "second factor",
  );
  const secret = (await agent.get("/auth/user/two-factor-secret-key")).body
    .secretKey as string;
  succeeded(
    await agent.post("/auth/user/confirmed-two-factor-authentication", {
      code: totpCode(secret, app.services.now()),
    }),
    "second factor confirmed",
  );
}

/** The administrator's team, the owner a member of it, and a token the owner made for it. */
async function joinTeam(app: TestApp, admin: Agent) {
  const created = succeeded(
    await admin.post("/teams", { name: "Acme" }, { host: CREATE_TEAM }),
    "team",
  );
  const team = created.body.team.id as number;
  succeeded(
    await admin.post(
      `/teams/${team}/members`,
      { email: OWNER, role: "admin" },
      { host: ADD_MEMBER, params: { team: String(team) } },
    ),
    "member",
  );
  const teamToken = await createToken(app, OWNER, {
    team_id: team,
    abilities: [],
  });
  return { team, teamToken };
}

/** Impersonation from a session of its own: its row then names the owner as `impersonator_id`. */
async function impersonate(app: TestApp, owner: User, target: User) {
  const agent = await signIn(app, owner);
  const issued = await agent.post("/auth/impersonate", {
    target_user_id: target.id,
  });
  succeeded(
    await agent.get(new URL(issued.body.url as string).pathname),
    "impersonate",
  );
}

/**
 * A fresh, verified owner holding one of every kind, each made through the routes that make it.
 * The owner must be on the administrators' list (its own client_credentials client, the
 * impersonation), and teams on, without invitations (a member of the administrator's team). The second factor comes last: the sign-ins before it need none.
 */
export async function seedHoldings(app: TestApp): Promise<Holdings> {
  const admin = await app.createUser({ email: ADMIN, name: "Admin" });
  const owner = await app.createUser({ email: OWNER, name: "Owner" });
  const target = await app.createUser({ email: "target@example.com" });
  const adminAgent = await signIn(app, admin);
  const browser = await signIn(app, owner);
  const actor = await signIn(app, owner);
  // A new way in, and an OAuth client, asks for a recent confirmation (decision record 028).
  await stepUp(adminAgent);
  await stepUp(actor);

  const remembered = app.agent();
  await remembered.csrf();
  succeeded(
    await remembered.post("/auth/login", {
      email: OWNER,
      password: PASSWORD,
      remember: true,
    }),
    "remember me",
  );
  const sanctumToken = await createToken(app, OWNER);
  const { team, teamToken } = await joinTeam(app, adminAgent);

  const grants = await seedAppGrants(app, adminAgent, actor, team);
  const personal = succeeded(
    await actor.post(
      "/oauth/personal-access-tokens",
      { name: "Deploy script", scopes: ["user:write"] },
      { host: PERSONAL_TOKEN_STORE_ROUTE },
    ),
    "personal access token",
  );
  const ownClient = await registerClient(actor, {
    name: "Owner's job",
    redirect_uris: [REDIRECT_URI],
    grant_types: ["authorization_code", "client_credentials"],
    scopes: ["tokens:write"],
  });

  const { authenticator } = await withPasskey(app, owner, undefined, actor);
  // A second ceremony, begun and never finished.
  succeeded(await actor.get("/auth/user/passkeys/options"), "ceremony");
  succeeded(
    await actor.put(
      "/api/app/user/update",
      { user_id: owner.id, email: "owner-new@example.com" },
      { host: USER_UPDATE_ROUTE },
    ),
    "address change",
  );
  await impersonate(app, owner, target);
  const resetLink = await requestResetLink(app, OWNER);
  await requestSignInLink(app, OWNER);
  await enrolSecondFactor(actor, app);
  await startSignIn(app, owner);

  const [row] = await app.database.db
    .select({ rememberToken: users.rememberToken })
    .from(users)
    .where(eq(users.id, owner.id));
  return {
    owner,
    admin,
    browser,
    actor,
    rememberToken: row?.rememberToken ?? null,
    sanctumToken,
    team,
    teamToken,
    ...grants,
    personalAccessToken: personal.body.accessToken as string,
    ownClient: { id: ownClient.id, secret: ownClient.plainSecret ?? "" },
    authenticator,
    resetLink,
  };
}
