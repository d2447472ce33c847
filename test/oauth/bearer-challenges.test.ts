import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { AUTH_ACTIONS, type AuthAction } from "@/lib/contract/auth-actions";
import { CREDENTIAL_CLASSES } from "@/lib/contract/credential-classes";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import { compileRoutes } from "@/lib/server/match";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { OAUTH_USERINFO_ROUTE } from "@/lib/oauth/routes";
import type { Agent } from "../support/agent";
import { useTestApp } from "../support/app";
import { createToken } from "../support/tokens";
import { approveCode, tokenEndpoint, userAccessToken } from "./flows";
import { pipelineFetch } from "./support";

// Decision record 085: every refusal of a bearer carries RFC 6750 §3's challenge, with RFC 9728
// §5.1's resource_metadata, and a bearer is answered as an API client whatever it accepts. One
// walk of both route tables, judged by oauth4webapi's parser of WWW-Authenticate.
const app = useTestApp();

type Row = {
  label: string;
  method: string;
  path: string;
  /** The route's guard (`sanctum`, `web`), or null without one. */
  guard: string | null;
  /** The scopes its row names for a bearer: its ability, else an app token's read scopes. */
  scopes: string[];
  /** No token may call it (its class, or its ability): a bearer is refused, none is invited. */
  sessionOnly: boolean;
};

const guardOf = (specs: readonly string[]) => {
  const spec = specs.find((s) => s === "auth" || s.startsWith("auth:"));
  return spec === undefined ? null : spec.split(":")[1] || "sanctum";
};
const fill = (template: string) => template.replace(/\{[^}]+\}/g, "1");
const scopesOf = (ability: string | null, appScopes?: readonly string[]) =>
  ability === SESSION_ONLY ? [] : ability ? [ability] : [...(appScopes ?? [])];

function rows(): Row[] {
  const config = app.services.config;
  const auth = compileRoutes(config.routes).map((route) => {
    const row: AuthAction = AUTH_ACTIONS[route.action];
    return {
      label: `${route.method} ${route.template}`,
      method: route.method,
      path: fill(route.template),
      guard: guardOf(config.routes.middlewares[route.action]),
      scopes: scopesOf(row.ability, row.appScopes),
      sessionOnly:
        CREDENTIAL_CLASSES[row.credential].sessionOnly ||
        row.ability === SESSION_ONLY,
    };
  });
  const host = HOST_ROUTES.flatMap((route) =>
    [route.method].flat().map((method) => ({
      label: `${method} ${route.path}`,
      method,
      path: fill(route.path),
      guard: guardOf(route.middleware),
      scopes: scopesOf(route.ability, route.appScopes),
      sessionOnly:
        CREDENTIAL_CLASSES[route.credential].sessionOnly ||
        route.ability === SESSION_ONLY,
    })),
  );
  return [...auth, ...host];
}

/** Rows that take a bearer and refuse a caller without a valid one: the guard's, and userinfo (its own). */
const guarded = (row: Row) =>
  (row.guard === "sanctum" && !row.sessionOnly) ||
  row.path === OAUTH_USERINFO_ROUTE.path;

/**
 * Sends `row` through the production routing with `bearer` (and no Accept), or without one as the
 * front end does before signing in: a guest session's cookie, its XSRF token and `Accept: application/json`
 * (a POST without any is 419 by contract §4, before any guard).
 */
async function send(row: Row, bearer: string | Agent) {
  const headers = new Headers();
  if (typeof bearer === "string")
    headers.set("authorization", `Bearer ${bearer}`);
  else {
    headers.set("accept", "application/json");
    headers.set(
      "cookie",
      [...bearer.cookies]
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join("; "),
    );
    headers.set("x-xsrf-token", bearer.cookies.get("XSRF-TOKEN") ?? "");
  }
  if (!["GET", "HEAD"].includes(row.method))
    headers.set("content-type", "application/json");
  return pipelineFetch(app)(new URL(row.path, app.services.env.APP_URL), {
    method: row.method,
    headers,
    body: ["GET", "HEAD"].includes(row.method) ? undefined : "{}",
  });
}

/** The response's challenges as oauth4webapi reads a protected resource's answer, or null without any. */
async function challengesOf(response: Response) {
  try {
    await oauth.protectedResourceRequest(
      "probe",
      "GET",
      new URL(app.services.env.APP_URL),
      new Headers(),
      null,
      {
        [oauth.customFetch]: async () => response,
        [oauth.allowInsecureRequests]: true,
      },
    );
    return null;
  } catch (error) {
    if (error instanceof oauth.WWWAuthenticateChallengeError)
      return error.cause;
    throw error;
  }
}

type Expected = { error?: string; scope?: string };

/** What is wrong with `response`'s challenge against `expected`; null when nothing is. */
async function challengeProblem(
  row: Row,
  response: Response,
  expected: Expected,
): Promise<string | null> {
  const challenges = await challengesOf(response);
  const bearer = challenges?.find((c) => c.scheme === "bearer");
  const said = `${row.label} answered ${response.status} ${response.headers.get("www-authenticate")}`;
  if (!bearer) return said;
  const { error, scope, resource_metadata } = bearer.parameters;
  const metadata = `${app.services.env.APP_URL}/.well-known/oauth-protected-resource`;
  return error === expected.error &&
    scope === expected.scope &&
    resource_metadata === metadata &&
    (response.headers.get("content-type") ?? "").includes("json")
    ? null
    : `${said} (expected ${JSON.stringify(expected)})`;
}

/** An app's access token (a third-party client's, the user's consent) for `scopes`, one per entry. */
async function appTokens(scopes: string[]): Promise<string[]> {
  const [first = "", ...rest] = scopes;
  const flow = await userAccessToken(app, first);
  const tokens = [flow.tokens.access_token];
  const client: oauth.Client = { client_id: flow.clientId };
  for (const scope of rest) {
    const code = await approveCode(flow.userAgent, flow.as, client, {
      scope,
      state: "s",
    });
    tokens.push(
      (await tokenEndpoint(app, flow.as, client).redeem(code)).access_token,
    );
  }
  return tokens;
}

describe("every refusal of a bearer carries its challenge (RFC 6750 §3, RFC 9728 §5.1)", () => {
  it("without credentials: 401 and a challenge with no error, naming the scopes the route asks", async () => {
    const guest = app.agent();
    await guest.csrf();
    const problems: string[] = [];
    for (const row of rows()) {
      const response = await send(row, guest);
      if (guarded(row) && response.status !== 401)
        problems.push(`${row.label} answered ${response.status}`);
      else if (guarded(row))
        problems.push(
          ...[
            await challengeProblem(row, response, {
              scope: row.scopes.join(" ") || undefined,
            }),
          ].filter((problem) => problem !== null),
        );
    }
    expect(problems).toEqual([]);
  });

  it("with an invalid bearer (a forged JWT, an unknown personal access token): 401 invalid_token, as JSON whatever Accept says", async () => {
    const user = await app.createUser();
    const real = await createToken(app, user.email);
    const [jwt = ""] = await appTokens(["openid"]);
    const forged = `${jwt.slice(0, -4)}AAAA`;
    const problems: string[] = [];
    for (const bearer of [forged, `${real}x`])
      for (const row of rows()) {
        const response = await send(row, bearer);
        if (response.status === 302) problems.push(`${row.label} redirected`);
        else if (guarded(row) && response.status !== 401)
          problems.push(`${row.label} answered ${response.status}`);
        else if ([401, 403].includes(response.status))
          problems.push(
            ...[
              await challengeProblem(row, response, {
                error: "invalid_token",
                scope: row.scopes.join(" ") || undefined,
              }),
            ].filter((problem) => problem !== null),
          );
      }
    expect(problems).toEqual([]);
  });

  it("with a bearer short of the route's scopes: 403 insufficient_scope naming them", async () => {
    const [openid = "", userWrite = ""] = await appTokens([
      "openid",
      "user:write",
    ]);
    const problems: string[] = [];
    for (const row of rows().filter(
      (candidate) =>
        candidate.guard === "sanctum" ||
        candidate.scopes.length > 0 ||
        candidate.path === OAUTH_USERINFO_ROUTE.path,
    )) {
      // A token without any scope the row names (userinfo asks openid).
      const isUserinfo = row.path === OAUTH_USERINFO_ROUTE.path;
      const short =
        row.scopes.includes("openid") || isUserinfo ? userWrite : openid;
      const response = await send(row, short);
      const scope = isUserinfo ? "openid" : row.scopes.join(" ") || undefined;
      if (response.status !== 403)
        problems.push(`${row.label} answered ${response.status}`);
      else
        problems.push(
          ...[
            await challengeProblem(row, response, {
              error: "insufficient_scope",
              scope,
            }),
          ].filter((problem) => problem !== null),
        );
    }
    expect(problems).toEqual([]);
  });
});
