import "server-only";
import { compactVerify, errors as joseErrors } from "jose";
import { signOutSession } from "@/lib/auth/sign-out";
import { json, redirect } from "@/lib/http/respond";
import { isAllowedRedirectUri } from "@/lib/policies/redirect-uri";
import type { Context } from "@/lib/server/context";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { findClient, redirectUris } from "@/lib/oauth/clients";
import {
  documentClientKey,
  isDocumentClientId,
} from "@/lib/oauth/client-metadata-documents";
import {
  invalidRequest,
  type OAuthError,
  oauthErrorResponse,
} from "@/lib/oauth/errors";
import { issuer } from "@/lib/oauth/id-token";
import { oauthKeys, withOurKey } from "@/lib/oauth/keys";

/** Where a browser goes when the client named no address of its own. */
const SIGNED_OUT_SCREEN = "/auth/login";

/**
 * The ID token the client got for this user, checked as a hint (OpenID Connect RP-Initiated
 * Logout 1.0 §2): our signature and issuer; an expired one is still a good hint, so `exp` is not
 * checked. Returns its subject and audience, or null.
 */
async function readHint(
  ctx: Context,
  idToken: string,
): Promise<{ sub: string; aud: string } | null> {
  const keys = await oauthKeys(ctx.env);
  try {
    const { payload, protectedHeader } = await withOurKey(
      keys,
      idToken,
      (key) => compactVerify(idToken, key, { algorithms: ["RS256"] }),
    );
    if (protectedHeader.typ !== undefined && protectedHeader.typ !== "JWT")
      return null;
    const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (typeof claims !== "object" || claims === null) return null;
    const { iss, sub, aud } = claims as Record<string, unknown>;
    const audience = Array.isArray(aud) && aud.length === 1 ? aud[0] : aud;
    if (iss !== issuer(ctx) || typeof sub !== "string") return null;
    return typeof audience === "string" ? { sub, aud: audience } : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof SyntaxError)
      return null;
    throw error;
  }
}

const parameter = (value: unknown) =>
  typeof value === "string" && value !== "" ? value : undefined;

/**
 * GET|POST /oauth/logout, the `end_session_endpoint` (OpenID Connect RP-Initiated Logout 1.0;
 * Passport has none: decision record 071). The client sends the ID token it holds as
 * `id_token_hint` (required here: a logout nobody can forge without the user's own ID token needs
 * no confirmation screen), and may name where to come back (`post_logout_redirect_uri`, one of
 * its registered redirect URIs exactly) with its `state`. The browser's session ends only when
 * it is the hint's user's; a browser signed in as someone else is left as it is.
 */
export const endSessionEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const input =
      ctx.request.method === "GET"
        ? Object.fromEntries(ctx.url.searchParams)
        : await ctx.input();
    const fail = (error: OAuthError) => oauthErrorResponse(error);
    const idToken = parameter(input.id_token_hint);
    if (!idToken) return fail(invalidRequest("id_token_hint"));
    const hint = await readHint(ctx, idToken);
    if (!hint)
      return fail(
        invalidRequest("id_token_hint", "The ID token hint is not valid"),
      );
    const clientId = parameter(input.client_id);
    if (clientId !== undefined && clientId !== hint.aud)
      return fail(invalidRequest("client_id"));
    // A metadata document's client is named by its URL in the token, its row by the URL's key.
    const client = await findClient(
      ctx.db,
      isDocumentClientId(hint.aud) ? documentClientKey(hint.aud) : hint.aud,
    );
    if (!client)
      return fail(invalidRequest("id_token_hint", "The client is unknown"));
    const back = parameter(input.post_logout_redirect_uri);
    if (
      back !== undefined &&
      (!redirectUris(client).includes(back) || !isAllowedRedirectUri(back))
    )
      return fail(invalidRequest("post_logout_redirect_uri"));

    const user = await ctx.session.user();
    if (user && String(user.id) === hint.sub) await signOutSession(ctx, user);

    let location = SIGNED_OUT_SCREEN;
    if (back !== undefined) {
      const url = new URL(back);
      const state = parameter(input.state);
      if (state !== undefined) url.searchParams.set("state", state);
      location = url.toString();
    }
    return ctx.wantsJson ? json({ redirect: location }) : redirect(location);
  },
});
