import { z } from "zod";
import { hostContract, noBody } from "@/lib/contract/route-contract";

/**
 * The OAuth JSON API as the reference front end calls it (decision records 050, 051, 055, 062).
 * A route Passport serves on several methods (`/oauth/authorize`, `/oauth/device/authorize`,
 * `/oauth/clients/{id}`) has one contract per method, named `<route>.<method>` as its OpenAPI
 * operation and its entry of the front end's route manifest (lib/server/url.ts `routeManifest`).
 */

/** A scope as the server describes it (its English words; the screens translate them). */
export const oauthScopeSchema = z.object({
  id: z.string(),
  description: z.string(),
});

const clientRef = z.object({ id: z.string(), name: z.string() });

/** A client as GET /oauth/clients lists it (Passport 13's fields; `scopes`: the allowed list, null for any). */
export const oauthClientSchema = z.object({
  id: z.string(),
  user_id: z.int().nullable(),
  /** The team that owns it (Passport 13's `owner` morph, decision record 110); null for a user's. */
  team_id: z.int().nullable(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  scopes: z.array(z.string()).nullable(),
  confidential: z.boolean(),
  created_at: z.string().nullable(),
  /** When it last authenticated (decision record 051). */
  last_used_at: z.string().nullable(),
  /** Until when the secret replaced by a rotation still works; null when none does. */
  previous_secret_expires_at: z.string().nullable(),
  /** Where its back-channel logout tokens go, and whether it needs `sid` in them (decision record 103). */
  backchannel_logout_uri: z.string().nullable(),
  backchannel_logout_session_required: z.boolean(),
});

/** A client just created or given a new secret: the plain secret, shown once (null for a public client). */
const clientWithSecret = oauthClientSchema.extend({
  plainSecret: z.string().nullable(),
});

/** One live access token of the user, as GET /oauth/tokens lists it. */
export const authorizedTokenSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  client: clientRef,
});

/**
 * What the server of each resource the app asks for may do for the user by token exchange
 * (decision record 115): the scopes of this API, in this server's words.
 */
const consentExchangesSchema = z.array(
  z.object({
    resource: z.object({ identifier: z.string(), name: z.string() }),
    scopes: z.array(oauthScopeSchema),
  }),
);

/** GET /oauth/authorize's JSON form: what the consent screen shows and sends back. */
export const authorizationRequestSchema = z.object({
  auth_token: z.string(),
  state: z.string(),
  client_id: z.string(),
  client: clientRef,
  scopes: z.array(oauthScopeSchema),
  redirect_uri: z.string(),
  /** The teams the user may approve the app for (decision record 110): none while teams are off. */
  teams: z.array(z.object({ id: z.int(), name: z.string() })),
  exchanges: consentExchangesSchema,
});

/** Where the browser goes next: the client's redirect URI with a code or an error. */
const redirectAnswer = z.object({ redirect: z.string() });

/** GET /oauth/device/authorize's JSON form: the device asking, for a code the user typed. */
export const deviceRequestSchema = z.object({
  auth_token: z.string(),
  user_code: z.string(),
  client_id: z.string(),
  client: clientRef,
  scopes: z.array(oauthScopeSchema),
  exchanges: consentExchangesSchema,
});

const authorizationAnswer = z.object({
  auth_token: z.string(),
  state: z.string(),
  client_id: z.string(),
  /** Approved for this team: the token carries `team:{id}` (decision record 110). */
  team_id: z.int().optional(),
});
const deviceAnswer = z.object({ auth_token: z.string() });
const deviceApproval = z.object({ approved: z.boolean() });

export const OAUTH_CLIENTS = hostContract({
  name: "passport.clients.index",
  path: "/oauth/clients",
  method: "GET",
  /** A team's clients instead of the user's own (decision record 110). */
  input: z.object({ team_id: z.int().optional() }),
  output: z.array(oauthClientSchema),
});
export const OAUTH_CLIENT_STORE = hostContract({
  name: "passport.clients.store",
  path: "/oauth/clients",
  method: "POST",
  input: z.object({
    name: z.string(),
    redirect_uris: z.array(z.string()),
    confidential: z.boolean(),
    // An administrator's choice (lib/oauth/clients-api.ts): absent, Passport's default grants.
    grant_types: z.array(z.string()).optional(),
    scopes: z.array(z.string()).optional(),
    backchannel_logout_uri: z.string().nullable().optional(),
    backchannel_logout_session_required: z.boolean().optional(),
    team_id: z.int().optional(),
  }),
  output: clientWithSecret,
});
/** Passport's name and redirect URIs (a full replacement), and the allowed scopes when sent (null: any). */
export const OAUTH_CLIENT_UPDATE = hostContract({
  name: "passport.clients.update",
  path: "/oauth/clients/{id}",
  method: "PUT",
  input: z.object({
    name: z.string(),
    redirect_uris: z.array(z.string()),
    scopes: z.array(z.string()).nullable().optional(),
    backchannel_logout_uri: z.string().nullable().optional(),
    backchannel_logout_session_required: z.boolean().optional(),
  }),
  output: oauthClientSchema,
});
export const OAUTH_CLIENT_SECRET = hostContract({
  name: "passport.clients.secret",
  path: "/oauth/clients/{id}/secret",
  method: "POST",
  input: z.object({ overlap_seconds: z.int() }),
  output: clientWithSecret,
});
export const OAUTH_CLIENT_DESTROY = hostContract({
  name: "passport.clients.destroy",
  path: "/oauth/clients/{id}",
  method: "DELETE",
  output: noBody(204),
});
export const OAUTH_SCOPES = hostContract({
  name: "passport.scopes.index",
  path: "/oauth/scopes",
  method: "GET",
  output: z.array(oauthScopeSchema),
});
export const OAUTH_TOKENS = hostContract({
  name: "passport.tokens.index",
  path: "/oauth/tokens",
  method: "GET",
  output: z.array(authorizedTokenSchema),
});
export const OAUTH_TOKEN_DESTROY = hostContract({
  name: "passport.tokens.destroy",
  path: "/oauth/tokens/{id}",
  method: "DELETE",
  output: noBody(204),
});
/** The authorization request's own query (`client_id`, `redirect_uri`, `scope`, PKCE, …). */
export const OAUTH_AUTHORIZATION = hostContract({
  name: "passport.authorizations.authorize.get",
  path: "/oauth/authorize",
  method: "GET",
  input: z.record(z.string(), z.string()),
  output: z.union([authorizationRequestSchema, redirectAnswer]),
});
export const OAUTH_APPROVE = hostContract({
  name: "passport.authorizations.authorize.post",
  path: "/oauth/authorize",
  method: "POST",
  input: authorizationAnswer,
  output: redirectAnswer,
});
export const OAUTH_DENY = hostContract({
  name: "passport.authorizations.authorize.delete",
  path: "/oauth/authorize",
  method: "DELETE",
  input: authorizationAnswer,
  output: redirectAnswer,
});
export const OAUTH_DEVICE_REQUEST = hostContract({
  name: "passport.device.authorizations.authorize.get",
  path: "/oauth/device/authorize",
  method: "GET",
  input: z.object({ user_code: z.string() }),
  output: deviceRequestSchema,
});
export const OAUTH_DEVICE_APPROVE = hostContract({
  name: "passport.device.authorizations.authorize.post",
  path: "/oauth/device/authorize",
  method: "POST",
  input: deviceAnswer,
  output: deviceApproval,
});
export const OAUTH_DEVICE_DENY = hostContract({
  name: "passport.device.authorizations.authorize.delete",
  path: "/oauth/device/authorize",
  method: "DELETE",
  input: deviceAnswer,
  output: deviceApproval,
});
