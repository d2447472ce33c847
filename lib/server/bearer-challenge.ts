import "server-only";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import { InsufficientScopeError } from "@/lib/http/errors";
import { sendsBearer } from "@/lib/http/request";
import type { AuthState } from "@/lib/server/context";
import type { ResolvedMiddleware } from "@/lib/server/middleware";
import { TOKEN_ACCESS, type TokenAccess } from "@/lib/server/token-access";

// RFC 6750 §3's challenge on every refusal of a bearer, added once by the pipeline (decision
// record 085): the bodies stay Laravel's (`{message}`), the header says why to an OAuth client.

/** What a refusal tells a bearer's client: RFC 6750 §3.1's error code, and the scopes that would pass. */
export type BearerRefusal = {
  error?: "invalid_token" | "insufficient_scope";
  scopes?: readonly string[];
};

/** RFC 9110 §5.6.4's quoted-string. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;

/**
 * The `WWW-Authenticate` value: `Bearer` with `error`, `scope` and RFC 9728 §5.1's
 * `resource_metadata` (the URL of this API's protected-resource metadata, when the OAuth server
 * serves it). Without credentials there is no error (RFC 6750 §3.1).
 */
export function bearerChallenge(
  refusal: BearerRefusal,
  resourceMetadata: string | undefined,
): string {
  const params = [
    refusal.error ? `error=${quoted(refusal.error)}` : null,
    refusal.scopes?.length ? `scope=${quoted(refusal.scopes.join(" "))}` : null,
    resourceMetadata ? `resource_metadata=${quoted(resourceMetadata)}` : null,
  ].filter((param) => param !== null);
  return params.length > 0 ? `Bearer ${params.join(", ")}` : "Bearer";
}

/**
 * Whether a route takes a bearer token, from its resolved steps, and the scopes that open it: its
 * ability, else the scopes an app's token reads it with (decision record 082). Null for a route
 * that takes none: a session guard (`auth:web`), no guard and no token step, or a session-only class.
 */
export function bearerDemand(
  steps: readonly ResolvedMiddleware[],
): { scopes: readonly string[] } | null {
  const guard = steps.find((step) => step.name === "auth");
  const access = steps.find((step) => step.name === TOKEN_ACCESS)?.args as
    TokenAccess | undefined;
  if (guard ? guard.args !== "sanctum" : !access) return null;
  if (access?.ability === SESSION_ONLY) return null;
  return {
    scopes: access?.ability ? [access.ability] : (access?.appScopes ?? []),
  };
}

/** What the pipeline knows of a request when its answer is ready. */
export type ChallengeFacts = {
  request: Request;
  /** The caller the guard resolved, if it ran. */
  auth: AuthState | null | undefined;
  demand: { scopes: readonly string[] } | null;
  /** What ended the request, if something was thrown. */
  error: unknown;
  resourceMetadata: string | undefined;
};

/**
 * The response with RFC 6750's challenge when it refuses (401, 403) a request that carried a
 * bearer, or one without any credentials on a route that takes a bearer: `invalid_token` on a 401
 * to a bearer, no error without one, `insufficient_scope` on a 403 to a bearer with the scopes
 * that would have passed when the refusal was about scopes. A session's refusal and a response
 * that already challenges (the token endpoint's `Basic`, userinfo's own) are left as they are.
 */
export function withBearerChallenge(
  response: Response,
  facts: ChallengeFacts,
): Response {
  if (response.status !== 401 && response.status !== 403) return response;
  if (response.headers.has("www-authenticate")) return response;
  if (facts.auth?.via === "session") return response;
  const bearer = sendsBearer(facts.request);
  if (!bearer && (response.status === 403 || !facts.demand)) return response;
  const refusal: BearerRefusal =
    response.status === 401
      ? {
          error: bearer ? "invalid_token" : undefined,
          scopes: facts.demand?.scopes,
        }
      : {
          error: "insufficient_scope",
          scopes:
            facts.error instanceof InsufficientScopeError
              ? facts.error.scopes
              : undefined,
        };
  const headers = new Headers(response.headers);
  headers.set(
    "WWW-Authenticate",
    bearerChallenge(refusal, facts.resourceMetadata),
  );
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
