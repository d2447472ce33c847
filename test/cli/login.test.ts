import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
} from "vitest";
import type { User } from "@/db/schema";
import { DEVICE_AUTHORIZE_ROUTE, OAUTH_DEVICE_ROUTE } from "@/lib/oauth/routes";
import { signIn, useTestApp } from "../support/app";
import {
  type LoopbackServer,
  serveOnLoopback,
} from "../support/loopback-server";
import { userAccessToken } from "../oauth/flows";
import { REDIRECT_URI, registerClient, signedInAdmin } from "../oauth/support";
import { type RunningCli, startCli } from "./run-cli";

// `login`, `whoami` and `logout` (decision record 073) as processes of their own, talking HTTP to
// the application served on a real socket on 127.0.0.1. The device grant's interval is the
// server's (5 s), waited for real: these tests take seconds each.
const app = useTestApp();
let server: LoopbackServer;
let folder: string;
let credentials: string;
let clientId: string;

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

beforeAll(async () => {
  server = await serveOnLoopback(app);
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  server.arrivals.length = 0;
  server.standIns.clear();
  folder = mkdtempSync(path.join(tmpdir(), "auth-cli-login-"));
  credentials = path.join(folder, "config", "credentials.json");
  const { agent } = await signedInAdmin(app);
  // After signedInAdmin, whose configure starts from the file's options again.
  app.configure({
    env: { APP_URL: server.base, ADMIN_EMAILS: "admin@example.com" },
  });
  clientId = (
    await registerClient(agent, {
      name: "Command line",
      confidential: false,
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token", DEVICE_GRANT],
    })
  ).id;
});
afterEach(() => {
  for (const cli of running.splice(0)) cli.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Every command a test started: none outlives its test, whatever the test's end. */
const running: RunningCli[] = [];
function cliRun(env: Record<string, string>, args: string[]): RunningCli {
  const cli = startCli(env, args);
  running.push(cli);
  return cli;
}

const login = (extra: string[] = []) =>
  cliRun({}, [
    "login",
    "--url",
    server.base,
    "--client",
    clientId,
    "--credentials",
    credentials,
    ...extra,
  ]);

/** What login printed for the person: the code and the address that carries it. */
async function shownCode(cli: RunningCli) {
  const [, userCode = ""] = await cli.waitForOutput(
    /enter the code ([A-Z]{8})\n/,
  );
  const [, complete = ""] = await cli.waitForOutput(/or open (\S+)\n/);
  return { userCode, complete: new URL(complete) };
}

/** The person, signed in in the browser, opens the address login printed and answers the consent. */
async function answer(user: User, complete: URL, decision: "approve" | "deny") {
  const agent = await signIn(app, user);
  const entry = await agent.get(complete.pathname + complete.search, {
    host: OAUTH_DEVICE_ROUTE,
  });
  const consent = new URL(entry.body.redirect as string, server.base);
  const shown = await agent.get(consent.pathname + consent.search, {
    host: DEVICE_AUTHORIZE_ROUTE,
  });
  expect(shown.status).toBe(200);
  const fields = { auth_token: shown.body.auth_token };
  const answered =
    decision === "approve"
      ? await agent.post("/oauth/device/authorize", fields, {
          host: DEVICE_AUTHORIZE_ROUTE,
        })
      : await agent.request("DELETE", "/oauth/device/authorize", {
          json: fields,
          host: DEVICE_AUTHORIZE_ROUTE,
        });
  expect(answered.body).toEqual({ approved: decision === "approve" });
}

const stored = () =>
  JSON.parse(readFileSync(credentials, "utf8")) as Record<string, string>;

/** The times, in ms, between the command's polls of the token endpoint. */
const pollGaps = () =>
  server.arrivals
    .filter((arrival) => arrival.path === "/oauth/token")
    .map(
      (arrival, index, polls) =>
        arrival.atMs - (polls[index - 1]?.atMs ?? arrival.atMs),
    )
    .slice(1);

/** A credentials file whose access token has just expired; its refresh token is good. */
async function expiredCredentials() {
  // What `login` asks for (cli/commands/login.ts): who the user is, and the scope asked.
  const { tokens, user } = await userAccessToken(
    app,
    "openid profile email user:write",
    {},
    clientId,
  );
  const old = {
    server: server.base,
    client_id: clientId,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: new Date(Date.now() - 1000).toISOString(),
  };
  mkdirFor(credentials);
  writeFileSync(credentials, JSON.stringify(old), { mode: 0o600 });
  return { old, user };
}

describe("npm run auth -- login / whoami / logout, over HTTP", () => {
  it("login prints the code; approved in the browser, it keeps the tokens in a 0600 file; whoami names the user", async () => {
    const user = await app.createUser({ email: "grace@example.com" });
    // The server and the client from the environment (APP_URL, AUTH_CLI_CLIENT_ID, AUTH_CLI_CREDENTIALS).
    const cli = cliRun(
      {
        APP_URL: server.base,
        AUTH_CLI_CLIENT_ID: clientId,
        AUTH_CLI_CREDENTIALS: credentials,
      },
      ["login", "--scope", "user:write"],
    );
    const { userCode, complete } = await shownCode(cli);
    expect(cli.stdout()).toContain(
      `Open ${server.base}/oauth/device and enter the code ${userCode}`,
    );
    expect(complete.searchParams.get("user_code")).toBe(userCode);
    await answer(user, complete, "approve");

    const run = await cli.exited;
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      `Signed in to ${server.base}; credentials in ${credentials}.`,
    );
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    const kept = stored();
    expect(kept).toMatchObject({
      server: server.base,
      client_id: clientId,
      scope: "openid profile email user:write",
    });
    expect(kept.access_token).toMatch(/^ey/);
    expect(kept.refresh_token).toMatch(/^def50200/);
    // The access token's hour (oauth.access-token-minutes, decision record 081).
    const expiresAt = Date.parse(kept.expires_at ?? "");
    expect(expiresAt).toBeGreaterThan(Date.now() + 1800_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);

    const whoami = await cliRun({}, ["whoami", "--credentials", credentials])
      .exited;
    expect(whoami.stderr).toBe("");
    expect(whoami.status).toBe(0);
    expect(whoami.stdout).toBe(
      `grace@example.com (Test User, user ${user.id}) on ${server.base}\n`,
    );
  });

  it("login ends with a clear message and exit code 1 when the person denies it, and writes nothing", async () => {
    const cli = login();
    const { complete } = await shownCode(cli);
    await answer(await app.createUser(), complete, "deny");
    const run = await cli.exited;
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("The sign-in was denied in the browser.\n");
    expect(existsSync(credentials)).toBe(false);
  });

  it("login ends with exit code 1 when the code expires unanswered (expired_token)", async () => {
    app.setNow(new Date());
    const cli = login();
    await shownCode(cli);
    app.advance(601);
    const run = await cli.exited;
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      "The code expired before it was approved: run `login` again.\n",
    );
    expect(existsSync(credentials)).toBe(false);
  });

  it("slow_down adds 5 s to the polling interval for good (RFC 8628 §3.5)", async () => {
    // The server's clock stands still: every poll after the first looks too soon to it.
    app.setNow(new Date());
    const cli = login();
    const { complete } = await shownCode(cli);
    const [, slowedTo] = await cli.waitForOutput(/polling every (\d+) s/);
    expect(slowedTo).toBe("10");
    await answer(await app.createUser(), complete, "deny");
    const run = await cli.exited;
    expect(run.stderr).toBe("The sign-in was denied in the browser.\n");
    const [pending = 0, slowed = 0] = pollGaps();
    expect(pending).toBeGreaterThanOrEqual(4_900);
    expect(pending).toBeLessThan(9_000);
    expect(slowed).toBeGreaterThanOrEqual(9_900);
  });

  it("whoami refreshes an expired access token with the refresh token and keeps the new pair", async () => {
    const { old, user } = await expiredCredentials();
    const run = await cliRun({}, ["whoami", "--credentials", credentials])
      .exited;
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(user.email);
    const kept = stored();
    expect(kept.access_token).not.toBe(old.access_token);
    expect(kept.refresh_token).not.toBe(old.refresh_token);
    expect(Date.parse(kept.expires_at ?? "")).toBeGreaterThan(Date.now());
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
  });

  it("whoami says what the server answered when the refresh meets no OAuth answer, and keeps the credentials", async () => {
    const { old } = await expiredCredentials();
    server.standIns.set(
      "/oauth/token",
      () =>
        new Response("Service Unavailable", {
          status: 503,
          headers: { "retry-after": "5" },
        }),
    );
    const run = await cliRun({}, ["whoami", "--credentials", credentials])
      .exited;
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      "Cannot refresh the sign-in: the server answered HTTP 503; try again in 5 s\n",
    );
    expect(stored()).toEqual(old);
  });

  it("logout revokes the tokens at the server's revocation endpoint and deletes the file", async () => {
    const { tokens } = await userAccessToken(
      app,
      "openid profile email user:write",
      {},
      clientId,
    );
    mkdirFor(credentials);
    writeFileSync(
      credentials,
      JSON.stringify({
        server: server.base,
        client_id: clientId,
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
      }),
      { mode: 0o600 },
    );
    const before = await app
      .agent()
      .get("/auth/get-auth", { bearer: tokens.access_token });
    expect(before.body.authenticated).toBe(true);
    const run = await cliRun({}, ["logout", "--credentials", credentials])
      .exited;
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(
      `Revoked the tokens at ${server.base}.\nSigned out: deleted ${credentials}.\n`,
    );
    expect(existsSync(credentials)).toBe(false);
    const after = await app
      .agent()
      .get("/auth/get-auth", { bearer: tokens.access_token });
    expect(after.body.authenticated).not.toBe(true);
    expect(server.arrivals.map((arrival) => arrival.path)).toContain(
      "/oauth/revoke",
    );
  });

  it("login refuses without a client, and plain http off loopback, before asking anything", async () => {
    const noClient = await cliRun({ AUTH_CLI_CREDENTIALS: credentials }, [
      "login",
      "--url",
      server.base,
    ]).exited;
    expect(noClient.status).toBe(1);
    expect(noClient.stderr).toMatch(
      /^No client: pass --client or set AUTH_CLI_CLIENT_ID/,
    );
    const plain = await cliRun({ AUTH_CLI_CREDENTIALS: credentials }, [
      "login",
      "--url",
      "http://auth.example",
      "--client",
      clientId,
    ]).exited;
    expect(plain.status).toBe(1);
    expect(plain.stderr).toBe(
      "http://auth.example: the server must be https (plain http only on localhost).\n",
    );
    expect(server.arrivals).toEqual([]);
  });
});

function mkdirFor(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
}
