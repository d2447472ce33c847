import "server-only";
import { json, redirect } from "@/lib/http/respond";
import type { Context } from "@/lib/server/context";
import {
  accessDenied,
  errorRedirect,
  OAuthError,
  oauthErrorResponse,
} from "@/lib/oauth/errors";
import {
  type AuthorizationRequest,
  RedirectedError,
} from "@/lib/oauth/authorization-request";
import { issuer } from "@/lib/oauth/id-token";

// How /oauth/authorize answers (lib/oauth/authorize.ts): where the browser goes next.

/** Where the browser goes: a redirect, or its address as JSON for a SPA drawing its own consent. */
export const go = (ctx: Context, location: string): Response =>
  ctx.wantsJson ? json({ redirect: location }) : redirect(location);

/** Answers an OAuthError as league does: at the client's redirect URI once it is known, else JSON. */
export async function answering(
  ctx: Context,
  run: () => Promise<Response>,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RedirectedError)
      return go(
        ctx,
        errorRedirect(error.redirectUri, error.error, error.state, issuer(ctx)),
      );
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    throw error;
  }
}

/** The user denied the request: back to the client with `access_denied`. */
export async function deny(ctx: Context, request: AuthorizationRequest) {
  return go(
    ctx,
    errorRedirect(
      request.redirectUri,
      accessDenied("The user denied the request"),
      request.state,
      issuer(ctx),
    ),
  );
}
