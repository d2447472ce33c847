/**
 * A tiny OAuth 2.0 / OpenID Connect provider on 127.0.0.1 for tests (STYLE.md: the stand-in at
 * the process boundary). The authorize endpoint answers at once, as if the configured person had
 * consented; the token endpoint checks the code, the client's credentials, the redirect URI and
 * the PKCE verifier as a real provider would. Plain node:http, so vitest and Playwright can both
 * import it.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export type FakeUser = {
  sub: string;
  email?: string | null;
  email_verified?: boolean;
  name?: string | null;
  /** GitHub-shaped API only: the profile's public email (default: none). */
  publicEmail?: string | null;
  /** GitHub-shaped API only: what /user/emails lists (default: `email`, primary, verified as `email_verified`). */
  emails?: { email: string; primary: boolean; verified: boolean }[];
};

export type FakeOidcOptions = {
  clientId?: string;
  clientSecret?: string;
  port?: number;
  user?: FakeUser;
};

export type FakeOidc = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A services-configuration entry for the `oidc` driver pointing at this server. */
  serviceEntry(
    redirect: string,
    extra?: Record<string, unknown>,
  ): Record<string, unknown>;
  /** Who the next authorizations sign in as. */
  setUser(user: FakeUser): void;
  /** The next authorization answers `?error=<code>` (the person refused) instead of a code. */
  refuseNextAuthorization(error?: string): void;
  /** Issues an access token for `user` directly (tests of the userinfo mapping). */
  issueAccessToken(user: FakeUser): string;
  close(): Promise<void>;
};

type Grant = {
  user: FakeUser;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  method: string | null;
  expiresAt: number;
};

const CODE_TTL_MS = 60_000;

const token = () => randomBytes(24).toString("base64url");

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function redirectTo(response: ServerResponse, location: string): void {
  response.writeHead(302, { Location: location });
  response.end();
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** Client authentication: HTTP Basic (what arctic sends) or client_id/client_secret in the body. */
function clientCredentials(
  request: IncomingMessage,
  form: URLSearchParams,
): { id: string | null; secret: string | null } {
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? "");
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const index = decoded.indexOf(":");
    return { id: decoded.slice(0, index), secret: decoded.slice(index + 1) };
  }
  return { id: form.get("client_id"), secret: form.get("client_secret") };
}

function pkceMatches(grant: Grant, verifier: string | null): boolean {
  if (grant.challenge === null) return true;
  if (!verifier) return false;
  const computed =
    grant.method === "S256"
      ? createHash("sha256").update(verifier).digest("base64url")
      : verifier;
  return computed === grant.challenge;
}

/** Starts the provider on 127.0.0.1 (port 0 unless given: tests run in parallel). */
export async function startFakeOidc(
  options: FakeOidcOptions = {},
): Promise<FakeOidc> {
  const clientId = options.clientId ?? "test-client";
  const clientSecret = options.clientSecret ?? "test-client-secret";
  let user: FakeUser = options.user ?? {
    sub: "1",
    email: "person@example.com",
    email_verified: true,
    name: "Person",
  };
  let refusal: string | null = null;
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeUser>();

  const authorize = (url: URL, response: ServerResponse) => {
    const redirectUri = url.searchParams.get("redirect_uri");
    const state = url.searchParams.get("state");
    if (url.searchParams.get("client_id") !== clientId || !redirectUri)
      return send(response, 400, { error: "invalid_request" });
    const back = new URL(redirectUri);
    if (state !== null) back.searchParams.set("state", state);
    if (url.searchParams.get("response_type") !== "code")
      back.searchParams.set("error", "unsupported_response_type");
    else if (refusal) back.searchParams.set("error", refusal);
    else {
      const code = token();
      grants.set(code, {
        user,
        clientId,
        redirectUri,
        challenge: url.searchParams.get("code_challenge"),
        method: url.searchParams.get("code_challenge_method"),
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      back.searchParams.set("code", code);
    }
    refusal = null;
    redirectTo(response, back.href);
  };

  const exchange = async (
    request: IncomingMessage,
    response: ServerResponse,
  ) => {
    const form = await readForm(request);
    const client = clientCredentials(request, form);
    if (client.id !== clientId || client.secret !== clientSecret)
      return send(response, 401, { error: "invalid_client" });
    if (form.get("grant_type") !== "authorization_code")
      return send(response, 400, { error: "unsupported_grant_type" });
    const code = form.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code); // single use, whatever the outcome
    if (
      !grant ||
      grant.expiresAt < Date.now() ||
      grant.redirectUri !== form.get("redirect_uri") ||
      !pkceMatches(grant, form.get("code_verifier"))
    ) {
      return send(response, 400, { error: "invalid_grant" });
    }
    const accessToken = token();
    accessTokens.set(accessToken, grant.user);
    send(response, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3600,
    });
  };

  const bearerUser = (request: IncomingMessage): FakeUser | undefined => {
    const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "");
    return match?.[1] ? accessTokens.get(match[1]) : undefined;
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const route = `${request.method} ${url.pathname}`;
    if (route === "GET /authorize") return authorize(url, response);
    if (route === "POST /token") {
      exchange(request, response).catch(() =>
        send(response, 500, { error: "server_error" }),
      );
      return;
    }
    const person = bearerUser(request);
    if (!person)
      return send(
        response,
        401,
        { error: "invalid_token" },
        { "WWW-Authenticate": "Bearer" },
      );
    if (route === "GET /userinfo") {
      const claims: Record<string, unknown> = {
        sub: person.sub,
        name: person.name ?? null,
      };
      if (person.email !== undefined && person.email !== null)
        claims.email = person.email;
      if (person.email_verified !== undefined)
        claims.email_verified = person.email_verified;
      return send(response, 200, claims);
    }
    if (route === "GET /user") {
      return send(response, 200, {
        id: Number(person.sub),
        login: `user${person.sub}`,
        name: person.name ?? null,
        email: person.publicEmail ?? null,
        avatar_url: null,
      });
    }
    if (route === "GET /user/emails") {
      const fallback = person.email
        ? [
            {
              email: person.email,
              primary: true,
              verified: person.email_verified ?? false,
            },
          ]
        : [];
      return send(response, 200, person.emails ?? fallback);
    }
    send(response, 404, { error: "not_found" });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    serviceEntry: (redirect, extra = {}) => ({
      driver: "oidc",
      client_id: clientId,
      client_secret: clientSecret,
      redirect,
      authorization_endpoint: `${url}/authorize`,
      token_endpoint: `${url}/token`,
      userinfo_endpoint: `${url}/userinfo`,
      scopes: ["openid", "email", "profile"],
      ...extra,
    }),
    setUser(next) {
      user = next;
    },
    refuseNextAuthorization(error = "access_denied") {
      refusal = error;
    },
    issueAccessToken(person) {
      const accessToken = token();
      accessTokens.set(accessToken, person);
      return accessToken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the application's redirect to the provider the way a browser would, and returns the
 * URL the provider sends the browser back to (the callback, with `code` and `state`, or `error`).
 */
export async function authorizeAt(providerUrl: string): Promise<URL> {
  const response = await fetch(providerUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location)
    throw new Error(
      `the provider answered ${response.status}: ${await response.text()}`,
    );
  return new URL(location);
}
