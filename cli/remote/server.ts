import "server-only";
import * as oauth from "oauth4webapi";
import { CliError } from "@/cli/context";
import { parseRetryAfter } from "@/lib/client/retry-after";
import type { Credentials } from "@/cli/remote/credentials";

/** A server the command line talks to: its RFC 8414 metadata and the options every request takes. */
export type RemoteServer = {
  url: string;
  as: oauth.AuthorizationServer;
  options: { [oauth.allowInsecureRequests]: boolean };
};

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Seconds before its expiry at which an access token is refreshed rather than sent. */
const REFRESH_MARGIN_SECONDS = 60;

/**
 * The server at `url`, from its metadata (`/.well-known/oauth-authorization-server`). Plain http
 * only on loopback: a token must not cross a network in the clear.
 */
export async function discoverServer(url: string): Promise<RemoteServer> {
  let issuer: URL;
  try {
    issuer = new URL(url);
  } catch {
    throw new CliError(`"${url}" is not a URL.`);
  }
  const isPlainLoopback =
    issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname);
  if (issuer.protocol !== "https:" && !isPlainLoopback)
    throw new CliError(
      `${url}: the server must be https (plain http only on localhost).`,
    );
  const options = { [oauth.allowInsecureRequests]: isPlainLoopback };
  let response: Response;
  try {
    response = await oauth.discoveryRequest(issuer, {
      ...options,
      algorithm: "oauth2",
    });
  } catch (error) {
    throw new CliError(`Cannot reach ${url}: ${reason(error)}`);
  }
  try {
    const as = await oauth.processDiscoveryResponse(issuer, response);
    return { url: issuer.href.replace(/\/+$/, ""), as, options };
  } catch (error) {
    if (
      error instanceof oauth.OperationProcessingError &&
      error.code === oauth.JSON_ATTRIBUTE_COMPARISON
    )
      throw new CliError(
        `${url} names ${issuerNamed(error.cause)} as its address (APP_URL): use that --url.`,
      );
    throw new CliError(
      `${url} is not this product's server (no OAuth metadata): ${reason(error)}`,
    );
  }
}

/** The issuer a server's metadata named (oauth4webapi's comparison error keeps the body). */
function issuerNamed(cause: unknown): string {
  const body =
    typeof cause === "object" && cause !== null && "body" in cause
      ? cause.body
      : null;
  return typeof body === "object" &&
    body !== null &&
    "issuer" in body &&
    typeof body.issuer === "string"
    ? body.issuer
    : "another address";
}

/** The OAuth error code of a refused request (`authorization_pending`, `invalid_grant`…), or null. */
export function oauthErrorCode(error: unknown): string | null {
  return error instanceof oauth.ResponseBodyError ? error.error : null;
}

export function reason(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError)
    return error.error_description
      ? `${error.error}: ${error.error_description}`
      : error.error;
  // An answer with no OAuth error in it (a 503 while the database is away, a proxy's 502): its
  // status says more to a person than oauth4webapi's "not a conform … response".
  if (
    error instanceof oauth.OperationProcessingError &&
    error.code === oauth.RESPONSE_IS_NOT_CONFORM &&
    error.cause instanceof Response
  )
    return answered(error.cause);
  const cause = error instanceof Error ? error.cause : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return cause instanceof Error ? `${message} (${cause.message})` : message;
}

function answered(response: Response): string {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  return retryAfter !== null && retryAfter > 0
    ? `the server answered HTTP ${response.status}; try again in ${retryAfter} s`
    : `the server answered HTTP ${response.status}`;
}

/**
 * What a token answer leaves in the credentials file; the refresh token and the scope kept when
 * none came back (RFC 6749 §5.1: `scope` is left out when it is the one asked for).
 */
export function credentialsFrom(
  answer: oauth.TokenEndpointResponse,
  previous: Pick<
    Credentials,
    "server" | "client_id" | "refresh_token" | "scope"
  >,
  now: Date,
): Credentials {
  return {
    server: previous.server,
    client_id: previous.client_id,
    access_token: answer.access_token,
    refresh_token: answer.refresh_token ?? previous.refresh_token,
    expires_at:
      answer.expires_in === undefined
        ? undefined
        : new Date(now.getTime() + answer.expires_in * 1000).toISOString(),
    scope: answer.scope ?? previous.scope,
  };
}

/**
 * Credentials whose access token is good to send: the stored ones, or, past (or within a minute
 * of) their expiry, new ones from the refresh token. Null when they did not change.
 */
export async function refreshIfExpired(
  server: RemoteServer,
  credentials: Credentials,
  now: Date,
): Promise<Credentials | null> {
  if (
    !credentials.expires_at ||
    Date.parse(credentials.expires_at) - REFRESH_MARGIN_SECONDS * 1000 >
      now.getTime()
  )
    return null;
  if (!credentials.refresh_token)
    throw new CliError("The sign-in has expired: run `login` again.");
  const client = { client_id: credentials.client_id };
  try {
    const answer = await oauth.processRefreshTokenResponse(
      server.as,
      client,
      await oauth.refreshTokenGrantRequest(
        server.as,
        client,
        oauth.None(),
        credentials.refresh_token,
        server.options,
      ),
    );
    return credentialsFrom(answer, credentials, now);
  } catch (error) {
    if (oauthErrorCode(error) === "invalid_grant")
      throw new CliError(
        "The sign-in has expired or was revoked: run `login` again.",
      );
    throw new CliError(`Cannot refresh the sign-in: ${reason(error)}`);
  }
}
