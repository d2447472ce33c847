// The scenarios of decision records 010 and 060 and the fixtures they need (a user, a signed-in
// session, a bearer token, an OAuth access token, a machine client, a guest session with its CSRF
// token), obtained through the public API like any client; the anchor's two routes; and the
// peer's: Better Auth's get-session with a session cookie.
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";

const PASSWORD = "bench-password-123";
const SESSION_COOKIE = "auth_session";

/** name=value pairs of a response's Set-Cookie headers. */
function cookiesOf(response) {
  const jar = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const index = pair.indexOf("=");
    jar[pair.slice(0, index)] = pair.slice(index + 1);
  }
  return jar;
}

const cookieHeader = (jar) =>
  `${SESSION_COOKIE}=${jar[SESSION_COOKIE]}; XSRF-TOKEN=${jar["XSRF-TOKEN"]}`;

async function guestSession(base) {
  const response = await fetch(`${base}/sanctum/csrf-cookie`);
  if (response.status !== 204)
    throw new Error(`csrf-cookie answered ${response.status}`);
  const jar = cookiesOf(response);
  return {
    cookie: cookieHeader(jar),
    xsrf: decodeURIComponent(jar["XSRF-TOKEN"]),
  };
}

async function post(base, path, guest, body) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      cookie: guest.cookie,
      "x-xsrf-token": guest.xsrf,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(
      `${path} answered ${response.status}: ${await response.text()}`,
    );
  return response;
}

async function register(base, email) {
  const registered = await post(
    base,
    "/auth/register",
    await guestSession(base),
    {
      name: "Bench",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  );
  const jar = cookiesOf(registered);
  return {
    cookie: cookieHeader(jar),
    xsrf: decodeURIComponent(jar["XSRF-TOKEN"]),
  };
}

/** A JSON call with a signed-in user's cookie and CSRF token; the answer's JSON, or it throws. */
async function call(
  base,
  path,
  user,
  { method = "GET", json, expect = 200 } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: "application/json",
      cookie: user.cookie,
      "x-xsrf-token": user.xsrf,
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  if (response.status !== expect)
    throw new Error(
      `${method} ${path} answered ${response.status}: ${await response.text()}`,
    );
  return response.json();
}

/** A form POST to the token endpoint (RFC 6749 §4); the tokens, or it throws. */
export async function tokenRequest(base, fields, authorization) {
  const response = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  if (response.status !== 200)
    throw new Error(
      `/oauth/token answered ${response.status}: ${await response.text()}`,
    );
  return response.json();
}

/** The session's step-up (Fortify's password confirmation): adding a client asks for a recent one. */
const confirmPassword = (base, user) =>
  call(base, "/auth/user/confirm-password", user, {
    method: "POST",
    json: { password: PASSWORD },
    expect: 201,
  });

/**
 * An OAuth access token (a JWT) for `user`, as a third-party app gets one: a public client of
 * the user's, the consent approved, the code exchanged with PKCE (decision record 050).
 */
async function oauthAccessToken(base, user) {
  const redirectUri = "http://127.0.0.1/callback";
  await confirmPassword(base, user);
  const client = await call(base, "/oauth/clients", user, {
    method: "POST",
    json: {
      name: "Bench app",
      redirect_uris: [redirectUri],
      confidential: false,
    },
    expect: 201,
  });
  const verifier = randomBytes(32).toString("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: client.id,
    redirect_uri: redirectUri,
    scope: "profile",
    state: "bench",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const consent = await call(base, `/oauth/authorize?${query}`, user);
  const approved = await call(base, "/oauth/authorize", user, {
    method: "POST",
    json: {
      auth_token: consent.auth_token,
      state: consent.state,
      client_id: consent.client_id,
    },
  });
  const code = new URL(approved.redirect).searchParams.get("code");
  const tokens = await tokenRequest(base, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: client.id,
    code_verifier: verifier,
  });
  return tokens.access_token;
}

/** The newest verification link mailed to `email` (the outbox driver's files), waited for. */
async function verificationLink(outboxDir, email) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = (await readdir(outboxDir).catch(() => [])).filter((name) =>
      name.endsWith(".json"),
    );
    for (const name of names.sort().reverse()) {
      const mail = JSON.parse(
        await readFile(path.join(outboxDir, name), "utf8"),
      );
      if (!mail.to.includes(email)) continue;
      const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) =>
        new URL(url).pathname.includes("/email/verify/"),
      );
      if (link) return new URL(link);
    }
    if (Date.now() > deadline)
      throw new Error(`no verification mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A confidential machine client (grant `client_credentials` only), registered by a verified
 * administrator; its id and plain secret.
 */
async function machineClient(base, outboxDir) {
  const admin = await register(base, ADMIN_EMAIL);
  const link = await verificationLink(outboxDir, ADMIN_EMAIL);
  await call(base, link.pathname + link.search, admin);
  await confirmPassword(base, admin);
  const client = await call(base, "/oauth/clients", admin, {
    method: "POST",
    json: {
      name: "Bench job",
      grant_types: ["client_credentials"],
      scopes: ["profile"],
    },
    expect: 201,
  });
  return { id: client.id, secret: client.plainSecret };
}

/** The administrator the benchmark's server is started with (bench/server.mjs). */
export const ADMIN_EMAIL = "bench-admin@example.test";

/** Registers the benchmark's users; returns what every scenario sends. */
export async function prepareFixtures(base, { outboxDir }) {
  const email = `bench-${Date.now()}@example.test`;
  const user = await register(base, email);
  const signedIn = user.cookie;
  const created = await post(
    base,
    "/auth/create-token",
    await guestSession(base),
    { email, password: PASSWORD, name: "bench" },
  );
  const { token } = await created.json();
  // The same token with a per-token limit no run reaches (decision record 045): one upsert in
  // rate_limits per request, beside the last-used write of both.
  const limited = await post(
    base,
    "/auth/create-token",
    await guestSession(base),
    { email, password: PASSWORD, name: "bench-limited", rate_limit: 1_000_000 },
  );
  const { token: limitedToken } = await limited.json();
  // A login regenerates the session; from a guest session it works every time with the same cookie.
  const loginGuest = await guestSession(base);
  // Adding an OAuth client is for a verified address (the `adds` class, decision record 082).
  const link = await verificationLink(outboxDir, email);
  await call(base, link.pathname + link.search, user);
  const oauthToken = await oauthAccessToken(base, user);
  const machine = await machineClient(base, outboxDir);
  // One grant up front: the client's first use is not what the scenario measures; its token is
  // the one the introspection scenario asks about.
  const { access_token: machineToken } = await tokenRequest(
    base,
    CLIENT_CREDENTIALS,
    basic(machine),
  );
  return {
    machineToken,
    email,
    signedIn,
    token,
    limitedToken,
    loginGuest,
    oauthToken,
    machine,
  };
}

/**
 * The peer's user, signed up through Better Auth's own API like any client: its session cookie
 * (`better-auth.session_token`, default sessions: no cookie cache).
 */
export async function preparePeerFixtures(peerBase) {
  const response = await fetch(`${peerBase}/api/auth/sign-up/email`, {
    method: "POST",
    // As its own client in a browser would: Better Auth refuses a sign-up without a trusted Origin.
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      origin: peerBase,
    },
    body: JSON.stringify({
      name: "Bench",
      email: `bench-${Date.now()}@example.test`,
      password: PASSWORD,
    }),
  });
  if (response.status !== 200)
    throw new Error(
      `Better Auth's sign-up answered ${response.status}: ${await response.text()}`,
    );
  const jar = cookiesOf(response);
  const token = jar["better-auth.session_token"];
  if (!token) throw new Error("Better Auth's sign-up set no session cookie");
  const check = await fetch(`${peerBase}/api/auth/get-session`, {
    headers: { cookie: `better-auth.session_token=${token}` },
  });
  if (!(await check.json())?.session)
    throw new Error(
      "Better Auth's get-session does not know the signed-up user",
    );
  return { base: peerBase, cookie: `better-auth.session_token=${token}` };
}

const JSON_ACCEPT = { accept: "application/json" };
const CLIENT_CREDENTIALS = {
  grant_type: "client_credentials",
  scope: "profile",
};
const basic = ({ id, secret }) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/**
 * A client's form POST with client_secret_basic, 8 connections from many addresses (the OAuth
 * endpoints' limiters count per address): the grant's and introspection's loads, ours and the
 * OAuth peer's alike.
 */
const clientForm = (path, client, fields) => ({
  path,
  method: "POST",
  connections: 8,
  manyAddresses: true,
  headers: {
    ...JSON_ACCEPT,
    "content-type": "application/x-www-form-urlencoded",
    authorization: basic(client),
  },
  body: new URLSearchParams(fields).toString(),
});

/**
 * Every load of the benchmark: the server it goes to (`app`, `anchor` or `peer`; `base` for the
 * anchor's and the peer's), path, method, headers, body and connections. `peer` is null when the
 * peer does not run (PGlite).
 */
export function loads(fixtures, { anchorBase, peer = null, oauthPeer = null }) {
  const session = {
    path: "/auth/get-auth",
    connections: 50,
    headers: { ...JSON_ACCEPT, cookie: fixtures.signedIn },
  };
  const bearer = (token) => ({
    path: "/auth/get-auth",
    connections: 50,
    headers: { ...JSON_ACCEPT, authorization: `Bearer ${token}` },
  });
  return {
    ...(peer
      ? {
          peer: {
            server: "peer",
            base: peer.base,
            path: "/api/auth/get-session",
            connections: 50,
            headers: { ...JSON_ACCEPT, cookie: peer.cookie },
          },
        }
      : {}),
    anchor: {
      server: "anchor",
      base: anchorBase,
      path: "/api/bare",
      connections: 50,
      headers: JSON_ACCEPT,
    },
    anchorSelect: {
      server: "anchor",
      base: anchorBase,
      path: "/api/select",
      connections: 50,
      headers: JSON_ACCEPT,
    },
    anchorForm: {
      ...clientForm("/api/form", fixtures.machine, {
        token: fixtures.machineToken,
      }),
      server: "anchor",
      base: anchorBase,
    },
    bare: { path: "/api/bench/bare", connections: 50, headers: JSON_ACCEPT },
    up: { path: "/up", connections: 50, headers: JSON_ACCEPT },
    csrf: {
      path: "/sanctum/csrf-cookie",
      connections: 50,
      headers: JSON_ACCEPT,
    },
    guest: { path: "/auth/get-auth", connections: 50, headers: JSON_ACCEPT },
    session,
    bearer: bearer(fixtures.token),
    bearerLimited: bearer(fixtures.limitedToken),
    oauth: bearer(fixtures.oauthToken),
    clientCredentials: clientForm(
      "/oauth/token",
      fixtures.machine,
      CLIENT_CREDENTIALS,
    ),
    introspection: clientForm("/oauth/introspect", fixtures.machine, {
      token: fixtures.machineToken,
    }),
    ...(oauthPeer ? oauthPeerLoads(oauthPeer) : {}),
    login: {
      path: "/auth/login",
      method: "POST",
      connections: 8,
      headers: {
        ...JSON_ACCEPT,
        "content-type": "application/json",
        cookie: fixtures.loginGuest.cookie,
        "x-xsrf-token": fixtures.loginGuest.xsrf,
      },
      body: JSON.stringify({ email: fixtures.email, password: PASSWORD }),
    },
  };
}

/**
 * The scenarios in table order; the first, the anchor's constant JSON, is the yardstick. Each
 * runs one or more loads at once and reports the first (`storm` reports get-auth with a session
 * while logins run beside it, and the logins too).
 */
export const SCENARIOS = [
  {
    name: "anchor",
    label: "anchor: constant JSON (yardstick)",
    loads: ["anchor"],
  },
  {
    name: "anchor-select",
    label: "anchor: one primary-key select",
    loads: ["anchorSelect"],
  },
  {
    name: "anchor-form",
    label: "anchor: a client's form POST read (8 connections)",
    loads: ["anchorForm"],
  },
  {
    name: "bare",
    label: "app: constant JSON (/api/bench/bare)",
    loads: ["bare"],
  },
  { name: "up", label: "app: /up", loads: ["up"] },
  { name: "csrf", label: "/sanctum/csrf-cookie", loads: ["csrf"] },
  { name: "guest", label: "get-auth, guest", loads: ["guest"] },
  { name: "session", label: "get-auth, session cookie", loads: ["session"] },
  { name: "bearer", label: "get-auth, bearer token", loads: ["bearer"] },
  {
    name: "bearer-limited",
    label: "get-auth, bearer token with a per-token limit",
    loads: ["bearerLimited"],
  },
  {
    name: "oauth",
    label: "get-auth, OAuth access token (JWT)",
    loads: ["oauth"],
  },
  {
    name: "client-credentials",
    label: "token endpoint, client credentials (cost 12)",
    loads: ["clientCredentials"],
  },
  {
    name: "introspection",
    label: "introspection of an access token (cost 12)",
    loads: ["introspection"],
  },
  { name: "login", label: "login (cost 12)", loads: ["login"] },
  {
    name: "storm",
    label: "get-auth, session, under login storm",
    loads: ["session", "login"],
  },
];

/**
 * The OAuth peer's client (bench/oidc-provider/server.mjs registers the same) and the token it
 * issued at start, for its introspection.
 */
export const OAUTH_PEER_CLIENT = {
  id: "bench-machine",
  secret: "bench-machine-secret-of-forty-characters",
};

/** One grant from the OAuth peer up front: the token its introspection scenario asks about. */
export async function prepareOAuthPeerFixtures(oauthPeerBase) {
  const response = await fetch(`${oauthPeerBase}/token`, {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/x-www-form-urlencoded",
      authorization: basic(OAUTH_PEER_CLIENT),
    },
    body: new URLSearchParams(CLIENT_CREDENTIALS).toString(),
  });
  if (response.status !== 200)
    throw new Error(
      `oidc-provider's token endpoint answered ${response.status}: ${await response.text()}`,
    );
  const { access_token: token } = await response.json();
  return { base: oauthPeerBase, token };
}

/** The OAuth peer's loads: the same grant and introspection as ours, the same connections. */
function oauthPeerLoads(oauthPeer) {
  const at = { server: "oauthPeer", base: oauthPeer.base };
  return {
    oauthPeerClientCredentials: {
      ...at,
      ...clientForm("/token", OAUTH_PEER_CLIENT, CLIENT_CREDENTIALS),
    },
    oauthPeerIntrospection: {
      ...at,
      ...clientForm("/token/introspection", OAUTH_PEER_CLIENT, {
        token: oauthPeer.token,
      }),
    },
  };
}

/** The OAuth peer's scenarios (decision record 104), measured like the others when it runs. */
export const OAUTH_PEER_SCENARIOS = [
  {
    name: "peer-client-credentials",
    label: "oidc-provider: token endpoint, client credentials",
    loads: ["oauthPeerClientCredentials"],
  },
  {
    name: "peer-introspection",
    label: "oidc-provider: introspection",
    loads: ["oauthPeerIntrospection"],
  },
];

/** Better Auth's get-session with its session cookie, on PostgreSQL only: measured like the others. */
export const PEER_SCENARIO = {
  name: "peer",
  label: "Better Auth get-session, session cookie",
  loads: ["peer"],
};

/** Runs one load for `seconds` (or `amount` requests); the figures the report needs. */
/**
 * A client address for each request (`x-forwarded-for`, which the benchmark's server trusts one
 * hop of): a load whose route is limited per address — the token and introspection endpoints' `oauth-token` and `oauth-introspect` limiters —
 * comes from many clients, as it would in production, instead of one address the limiter stops.
 */
function fromManyAddresses() {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        next = (next + 1) % 65_536;
        return {
          ...request,
          headers: {
            ...request.headers,
            "x-forwarded-for": `198.18.${next >> 8}.${next & 255}`,
          },
        };
      },
    },
  ];
}

/**
 * One load for `seconds`: requests/s count only 2xx answers (a refused request is no work the
 * server did for a client), CPU per request every answer; the non-2xx by status are kept.
 */
export async function runLoad(base, load, { seconds, amount }) {
  const result = await autocannon({
    url: `${load.base ?? base}${load.path}`,
    method: load.method ?? "GET",
    headers: load.headers,
    body: load.body,
    connections: load.connections,
    ...(load.manyAddresses ? { requests: fromManyAddresses() } : {}),
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 30,
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => !status.startsWith("2"))
      .map(([status, { count }]) => [status, count]),
  );
  return {
    requests: result.requests.total,
    rps: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses,
  };
}

/** Runs a scenario's loads side by side. */
export function runScenario(base, scenario, all, options) {
  return Promise.all(
    scenario.loads.map((name) => runLoad(base, all[name], options)),
  );
}
