import "server-only";
import type { User } from "@/db/schema";
import { z } from "zod";
import { deriveKey } from "@/lib/crypto/secrets";
import { sealValue, unsealValue } from "@/lib/crypto/sealed";
import { unauthenticated } from "@/lib/http/errors";
import { json, redirect } from "@/lib/http/respond";
import type { Context } from "@/lib/server/context";
import { verifyCsrf } from "@/lib/server/csrf";
import { postedRequest } from "@/lib/oauth/form-post-request";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { findClient, redirectUris } from "@/lib/oauth/clients";
import { invalidRequest, OAuthError } from "@/lib/oauth/errors";
import { answering, deny, go } from "@/lib/oauth/authorize-answers";
import {
  type AuthorizationRequest,
  RedirectedError,
  validateAuthorizationRequest,
} from "@/lib/oauth/authorization-request";
import { approve, approvedBefore } from "@/lib/oauth/auth-codes";
import { consentCovers, rememberConsent } from "@/lib/oauth/consents";
import { consentTeams } from "@/lib/oauth/team-consent";
import { issueForTeam } from "@/lib/auth/team-token";
import {
  consentPage,
  isPageNavigation,
  OAUTH_SCREENS,
} from "@/lib/oauth/consent-page";
import {
  askForFreshSignIn,
  needsFreshSignIn,
  promptValues,
  provenSignIn,
} from "@/lib/oauth/fresh-sign-in";
import { OAUTH_PATHS } from "@/lib/oauth/paths";
import { toPublicPath } from "@/lib/oauth/path-prefix";
import { SCOPES } from "@/lib/oauth/scopes";
import { requireStepUpToApprove } from "@/lib/oauth/resource-consent";

/** How long a consent screen stays answerable. */
const CONSENT_SECONDS = 600;

const sealPassword = (ctx: Context) =>
  deriveKey(ctx.env.SESSION_SECRET, "oauth-authorization-request");

type Sealed = { request: AuthorizationRequest; user: number; session: string };

/**
 * This route's path as the browser sees it (`oauth.path`), never the request's own: a request
 * proxy.ts rewrote arrives at the dispatcher's address.
 */
const authorizePath = (ctx: Context) =>
  toPublicPath(OAUTH_PATHS.authorize, ctx.config.oauth.path);

/**
 * GET /oauth/authorize (`passport.authorizations.authorize`), and OpenID's form POST of the same
 * request (`params`: the query or the form): needs a signed-in session — one past its second
 * factor, as only such a session has a user — and, when asked, a fresh sign-in. A client already
 * approved for these scopes gets its code at once; otherwise the consent screen, or its fields as
 * JSON. `prompt=none` shows no screen at all: every answer goes back to the client.
 */
async function showAuthorization(
  ctx: Context,
  params: URLSearchParams,
  search = `?${params.toString()}`,
): Promise<Response> {
  const prompt = promptValues(params);
  const session = await ctx.session.data();
  if (
    !ctx.wantsJson &&
    isPageNavigation(ctx.request) &&
    !prompt.includes("none")
  ) {
    if (
      (await ctx.session.user()) &&
      (await needsFreshSignIn(ctx, params, provenSignIn(session)))
    )
      return redirect(await askForFreshSignIn(ctx, params, authorizePath(ctx)));
    return redirect(OAUTH_SCREENS.consent + search);
  }
  return answering(ctx, async () => {
    const { client, request, descriptions, exchanges } =
      await validateAuthorizationRequest(ctx, params);
    const silent = (error: string, description: string) =>
      new RedirectedError(
        new OAuthError(error, description, 400),
        request.redirectUri,
        request.state,
      );
    // OpenID Connect Core §3.1.2.1: `none` shows nothing (and comes alone), `consent` always asks.
    if (prompt.includes("none") && prompt.length > 1)
      throw new RedirectedError(
        invalidRequest("prompt", "The prompt none may not be combined"),
        request.redirectUri,
        request.state,
      );
    const user = await ctx.session.user();
    if (!user) {
      if (prompt.includes("none"))
        throw silent("login_required", "The user is not signed in.");
      if (ctx.wantsJson) throw unauthenticated();
      return redirect(
        `/auth/login?redirect=${encodeURIComponent(authorizePath(ctx) + search)}`,
      );
    }
    if (await needsFreshSignIn(ctx, params, provenSignIn(session))) {
      if (prompt.includes("none"))
        throw silent("login_required", "The user must sign in again.");
      return go(ctx, await askForFreshSignIn(ctx, params, authorizePath(ctx)));
    }
    // Passport's skip, for the redirect URIs the user's last approval saw only (lib/oauth/consents.ts).
    if (
      !prompt.includes("consent") &&
      (await approvedBefore(ctx, client.id, user.id, request.scopes)) &&
      (await consentCovers(ctx, client.id, user.id, request.redirectUri))
    )
      return go(ctx, await approve(ctx, request, user.id));
    if (prompt.includes("none"))
      throw silent(
        "consent_required",
        "The user has not approved this client.",
      );
    const sealed: Sealed = {
      request,
      user: user.id,
      session: ctx.session.bindingKey(),
    };
    const authToken = await sealValue(
      sealed,
      sealPassword(ctx),
      CONSENT_SECONDS,
    );
    const facts = {
      auth_token: authToken,
      state: request.state ?? "",
      client_id: client.id,
      client: { id: client.id, name: client.name },
      scopes: request.scopes.map((id) => ({
        id,
        description: SCOPES[id] ?? descriptions[id] ?? id,
      })),
      redirect_uri: request.redirectUri,
      teams: await consentTeams(ctx, user.id),
      exchanges,
    };
    if (ctx.wantsJson) return json(facts);
    return new Response(
      consentPage({
        action: authorizePath(ctx),
        clientName: client.name,
        clientId: client.id,
        scopes: request.scopes,
        descriptions,
        exchanges,
        state: facts.state,
        authToken,
        csrfToken: ctx.session.csrfToken,
        userEmail: user.email,
        teams: facts.teams,
      }),
      {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store, private",
        },
      },
    );
  });
}

const decisionInput = z.object({
  auth_token: z.string().max(8192).nullish(),
  state: z.string().max(2048).nullish(),
  client_id: z.string().max(255).nullish(),
  _method: z.string().max(16).nullish(),
  // "" is the form's "Only me".
  team_id: z
    .union([
      z.literal(""),
      z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 53 - 1),
    ])
    .nullish(),
  _token: z.unknown().optional(),
});

/** The request the consent screen showed this user in this session, and the user. */
async function consentedRequest(
  ctx: Context,
  input: z.output<typeof decisionInput>,
): Promise<{
  request: AuthorizationRequest;
  userId: number;
  user: User;
  clientName: string;
  clientRedirectUris: string[];
}> {
  if (!input.auth_token) throw invalidRequest("auth_token");
  const user = await ctx.session.user();
  if (!user) throw unauthenticated();
  const opened = (await unsealValue(
    input.auth_token,
    sealPassword(ctx),
    CONSENT_SECONDS,
  )) as Sealed | null;
  if (
    !opened ||
    opened.user !== user.id ||
    opened.session !== ctx.session.bindingKey() ||
    (input.client_id && input.client_id !== opened.request.clientId)
  )
    throw invalidRequest(
      "auth_token",
      "The authorization request has expired or is not yours",
    );
  // A client revoked while its consent screen was open gets nothing.
  const client = await findClient(ctx.db, opened.request.clientId);
  if (!client) throw invalidRequest("client_id");
  return {
    request: opened.request,
    userId: user.id,
    user,
    clientName: client.name,
    clientRedirectUris: redirectUris(client),
  };
}

/**
 * /oauth/authorize, Passport's three routes on one path: GET shows the consent
 * (`passport.authorizations.authorize`), POST approves (`…approve`), DELETE denies (`…deny`;
 * an HTML form sends POST with `_method=DELETE`, Laravel's method spoofing). A form POST of an
 * authorization request is answered as its GET: it comes from the client's site without a CSRF
 * token, so only an approval or a denial — which carry the consent's `auth_token` — is held to
 * the session's token here (the route is outside the pipeline's check; decision record 086).
 */
export const authorizeEndpoint: Endpoint = defineEndpoint({
  input: () => decisionInput,
  nonJson: "json",
  async run(ctx, input) {
    // Its class tells the owner of a new approval only (decision record 028): not of a consent
    // screen, a denial, or a client approved before.
    ctx.credentialChange = null;
    if (ctx.request.method === "GET" || ctx.request.method === "HEAD")
      return showAuthorization(ctx, ctx.url.searchParams, ctx.url.search);
    const posted = await postedRequest(ctx);
    if (posted) return showAuthorization(ctx, posted);
    await verifyCsrf(ctx);
    return answering(ctx, async () => {
      const { request, userId, user, clientName, clientRedirectUris } =
        await consentedRequest(ctx, input);
      if (
        ctx.request.method === "DELETE" ||
        input._method?.toUpperCase() === "DELETE"
      )
        return deny(ctx, request);
      await requireStepUpToApprove(
        ctx,
        request.scopes,
        request.resources ?? [],
      );
      const approved = await issueForTeam(
        ctx,
        userId,
        input.team_id || null,
        request.scopes,
        (db, scopes) => approve(ctx, { ...request, scopes }, userId, db),
      );
      await rememberConsent(ctx, request.clientId, userId, clientRedirectUris);
      ctx.credentialChange = { user, name: clientName };
      return go(ctx, approved);
    });
  },
});
