/**
 * league/oauth2-server's `OAuthServerException`, as Passport answers it: the body
 * `{error, error_description[, hint]}` with league 9's status codes (`invalid_client` 401 with
 * `WWW-Authenticate` when the client sent an Authorization header, `access_denied` 401,
 * `server_error` 500, the rest 400). The descriptions are league's own words.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: number,
    readonly hint?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }

  body(): Record<string, string> {
    return {
      error: this.error,
      error_description: this.description,
      ...(this.hint === undefined ? {} : { hint: this.hint }),
    };
  }
}

const INVALID_GRANT =
  "The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.";

export const invalidClient = (sentAuthorization: boolean) =>
  new OAuthError(
    "invalid_client",
    "Client authentication failed",
    401,
    undefined,
    sentAuthorization ? { "WWW-Authenticate": 'Basic realm="OAuth"' } : {},
  );

/** league's `invalidGrant($hint = '')`: the hint is always present, empty when none was given. */
export const invalidGrant = (hint = "") =>
  new OAuthError("invalid_grant", INVALID_GRANT, 400, hint);

export const invalidRequest = (parameter: string, hint?: string) =>
  new OAuthError(
    "invalid_request",
    "The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.",
    400,
    hint ?? `Check the \`${parameter}\` parameter`,
  );

export const unsupportedGrantType = () =>
  new OAuthError(
    "unsupported_grant_type",
    "The authorization grant type is not supported by the authorization server.",
    400,
    "Check that all required parameters have been provided",
  );

export const invalidScope = (scope: string) =>
  new OAuthError(
    "invalid_scope",
    "The requested scope is invalid, unknown, or malformed",
    400,
    `Check the \`${scope}\` scope`,
  );

export const accessDenied = (hint?: string) =>
  new OAuthError(
    "access_denied",
    "The resource owner or authorization server denied the request.",
    401,
    hint,
  );

export const invalidRefreshToken = (hint: string) =>
  new OAuthError("invalid_grant", "The refresh token is invalid.", 400, hint);

/** RFC 8707 §2 `invalid_target`, in league's body; the description is the RFC's own words. */
export const invalidTarget = (hint: string) =>
  new OAuthError(
    "invalid_target",
    "The requested resource is invalid, missing, unknown, or malformed.",
    400,
    hint,
  );

/** RFC 6749 §5.2 `unauthorized_client`: the client may not use this grant (league 9's wording). */
export const unauthorizedClient = (hint?: string) =>
  new OAuthError(
    "unauthorized_client",
    "The authenticated client is not authorized to use this authorization grant type.",
    400,
    hint,
  );

/** RFC 8628 §3.5's polling answers. */
export const devicePolling = (
  error: "authorization_pending" | "slow_down" | "expired_token",
) =>
  new OAuthError(
    error,
    {
      authorization_pending:
        "The authorization request is still pending as the end user hasn't yet completed the user-interaction steps.",
      slow_down:
        "The client is polling too fast; the interval is increased by 5 seconds.",
      expired_token: "The device code has expired.",
    }[error],
    400,
  );

/** The token endpoint's answer for an error: league's body, no caching. */
export function oauthErrorResponse(error: OAuthError): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      Pragma: "no-cache",
      ...error.headers,
    },
  });
}

/** An error at the authorization endpoint goes back to the client (league: `state` first). */
export function errorRedirect(
  redirectUri: string,
  error: OAuthError,
  state: string | undefined,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  if (state !== undefined) url.searchParams.append("state", state);
  for (const [key, value] of Object.entries(error.body()))
    url.searchParams.append(key, value);
  url.searchParams.append("iss", issuer);
  return url.toString();
}
