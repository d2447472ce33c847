// The scenarios of decision record 010 and the fixtures they need (a user, a signed-in session, a bearer
// token, a guest session with its CSRF token), obtained through the public API like any client;
// and the peer's: Better Auth's get-session with a session cookie.
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

/** Registers the benchmark's user; returns what every scenario sends. */
export async function prepareFixtures(base) {
  const email = `bench-${Date.now()}@example.test`;
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
  const signedIn = cookieHeader(cookiesOf(registered));
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
  return { email, signedIn, token, limitedToken, loginGuest };
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

/**
 * Every load of the benchmark: path, method, headers, body and connections (and `base` for a
 * load on the peer's server). `peer` is null when the peer does not run (PGlite).
 */
export function loads(fixtures, peer = null) {
  return {
    ...(peer
      ? {
          peer: {
            base: peer.base,
            path: "/api/auth/get-session",
            connections: 50,
            headers: { ...JSON_ACCEPT, cookie: peer.cookie },
          },
        }
      : {}),
    bare: { path: "/api/bench/bare", connections: 50, headers: JSON_ACCEPT },
    guest: { path: "/auth/get-auth", connections: 50, headers: JSON_ACCEPT },
    session: {
      path: "/auth/get-auth",
      connections: 50,
      headers: { ...JSON_ACCEPT, cookie: fixtures.signedIn },
    },
    bearer: {
      path: "/auth/get-auth",
      connections: 50,
      headers: { ...JSON_ACCEPT, authorization: `Bearer ${fixtures.token}` },
    },
    bearerLimited: {
      path: "/auth/get-auth",
      connections: 50,
      headers: {
        ...JSON_ACCEPT,
        authorization: `Bearer ${fixtures.limitedToken}`,
      },
    },
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
 * The scenarios in table order. Each runs one or more loads at once and reports the first
 * (`storm` reports get-auth with a session while logins run beside it, and the logins too).
 */
export const SCENARIOS = [
  { name: "bare", label: "bare route (yardstick)", loads: ["bare"] },
  { name: "guest", label: "get-auth, guest", loads: ["guest"] },
  { name: "session", label: "get-auth, session cookie", loads: ["session"] },
  { name: "bearer", label: "get-auth, bearer token", loads: ["bearer"] },
  {
    name: "bearer-limited",
    label: "get-auth, bearer token with a per-token limit",
    loads: ["bearerLimited"],
  },
  { name: "login", label: "login (cost 12)", loads: ["login"] },
  {
    name: "storm",
    label: "get-auth, session, under login storm",
    loads: ["session", "login"],
  },
];

/** Better Auth's get-session with its session cookie, on PostgreSQL only: measured like the others. */
export const PEER_SCENARIO = {
  name: "peer",
  label: "Better Auth get-session, session cookie",
  loads: ["peer"],
};

/** Runs one load for `seconds` (or `amount` requests); the figures the report needs. */
export async function runLoad(base, load, { seconds, amount }) {
  const result = await autocannon({
    url: `${load.base ?? base}${load.path}`,
    method: load.method ?? "GET",
    headers: load.headers,
    body: load.body,
    connections: load.connections,
    ...(amount ? { amount } : { duration: seconds }),
    timeout: 30,
  });
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Runs a scenario's loads side by side. */
export function runScenario(base, scenario, all, options) {
  return Promise.all(
    scenario.loads.map((name) => runLoad(base, all[name], options)),
  );
}
