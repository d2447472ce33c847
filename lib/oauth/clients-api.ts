import "server-only";
import { and, eq, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { oauthClients, oauthClientSettings } from "@/db/schema";
import { forbidden } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import { isAdmin } from "@/lib/policies/admin";
import {
  BACKCHANNEL_LOGOUT_URI_MESSAGE,
  isAllowedBackchannelLogoutUri,
  REDIRECT_URI_MESSAGES,
  redirectUriProblem,
} from "@/lib/policies/redirect-uri";
import type { Context } from "@/lib/server/context";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { parseQuery, queryInt } from "@/lib/server/query";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { manageClient } from "@/lib/oauth/client-access";
import {
  createClient,
  GRANT_TYPES,
  liveClientsWithSettings,
  type GrantType,
  presentClient,
} from "@/lib/oauth/clients";
import { SCOPES } from "@/lib/oauth/scopes";
import {
  authorizeForTeamClient,
  revokeClients,
  teamClients,
} from "@/lib/oauth/team-clients";

/** Passport 12's `redirect`: URIs separated by commas. */
const splitRedirect = (redirect: string | null | undefined): string[] =>
  (redirect ?? "")
    .split(",")
    .map((uri) => uri.trim())
    .filter((uri) => uri !== "");

/** The redirect URI rule (lib/policies/redirect-uri.ts), its message on the field itself: the form shows it there. */
function checkRedirects(uris: readonly string[], ctx: z.RefinementCtx) {
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem === null) continue;
    ctx.addIssue({
      code: "custom",
      message: REDIRECT_URI_MESSAGES[problem],
      params: { uri },
    });
    return;
  }
}

/** Passport's client fields: 13's `redirect_uris`, or 12's comma-separated `redirect`. */
const clientFields = {
  name: z.string().min(1).max(255),
  redirect_uris: z
    .array(z.string().max(2000))
    .max(20)
    .superRefine(checkRedirects)
    .optional(),
  redirect: z
    .string()
    .max(20000)
    .nullish()
    .superRefine((redirect, ctx) =>
      checkRedirects(splitRedirect(redirect), ctx),
    ),
  // Back-Channel Logout 1.0 §2.2 (decision record 103): null or empty, none; absent, unchanged.
  backchannel_logout_uri: z
    .string()
    .max(2000)
    .nullish()
    .superRefine((uri, ctx) => {
      if (uri && !isAllowedBackchannelLogoutUri(uri))
        ctx.addIssue({
          code: "custom",
          message: BACKCHANNEL_LOGOUT_URI_MESSAGE,
          params: { uri },
        });
    }),
  backchannel_logout_session_required: z.boolean().optional(),
};

/** The client's back-channel logout settings as sent (absent: left as they are). */
async function storeLogoutUri(
  db: Pick<Context["db"], "insert">,
  clientId: string,
  fields: {
    backchannel_logout_uri?: string | null;
    backchannel_logout_session_required?: boolean;
  },
) {
  const uri = fields.backchannel_logout_uri;
  const required = fields.backchannel_logout_session_required;
  const set = {
    ...(uri === undefined ? {} : { backchannelLogoutUri: uri || null }),
    ...(required === undefined
      ? {}
      : { backchannelLogoutSessionRequired: required }),
  };
  const [settings] = await db
    .insert(oauthClientSettings)
    .values({ clientId, ...set })
    .onConflictDoUpdate({
      target: oauthClientSettings.clientId,
      // An empty `set` would be invalid SQL: the row is rewritten with its own key then.
      set: Object.keys(set).length > 0 ? set : { clientId },
    })
    .returning();
  return settings ?? null;
}

/** The scopes an administrator allows a client, each one this server grants. */
const allowedScopes = z.array(
  z.string().refine((scope) => Object.hasOwn(SCOPES, scope)),
);

const createInput = z.strictObject({
  ...IGNORED_FIELDS,
  ...clientFields,
  confidential: z.boolean().optional(),
  grant_types: z.array(z.enum(GRANT_TYPES)).min(1).optional(),
  scopes: allowedScopes.optional(),
  // The team that will own it (decision record 110).
  team_id: z.int().positive().optional(),
});

/** GET /oauth/clients?team_id=: a team's clients instead of the user's own. */
const listQuery = z.strictObject({ team_id: queryInt(1, 2 ** 53).optional() });

function redirectsOf(input: {
  redirect_uris?: string[];
  redirect?: string | null;
}): string[] {
  return input.redirect_uris ?? splitRedirect(input.redirect);
}

const DEFAULT_GRANTS: readonly GrantType[] = [
  "authorization_code",
  "refresh_token",
];

/** The user's own clients (never a team's); an administrator's, with the machine clients (no user, no team). */
const ownClients = (ctx: Context, userId: number, admin: boolean) =>
  liveClientsWithSettings(
    ctx.db,
    admin
      ? or(
          eq(oauthClients.userId, userId),
          and(isNull(oauthClients.userId), isNull(oauthClients.ownerId)),
        )
      : eq(oauthClients.userId, userId),
  );

/** GET|POST /oauth/clients (`passport.clients.index`, `.store`). */
export const clientsEndpoint: Endpoint = defineEndpoint({
  input: (_config, ctx) =>
    ctx.request.method === "POST"
      ? createInput
      : z.strictObject(IGNORED_FIELDS),
  nonJson: "json",
  async run(ctx, input) {
    const user = ctx.requireUser();
    const admin = isAdmin(user, ctx.config);
    if (ctx.request.method !== "POST") {
      const { team_id: teamId } = parseQuery(ctx, listQuery);
      const rows =
        teamId === undefined
          ? await ownClients(ctx, user.id, admin)
          : await authorizeForTeamClient(
              ctx,
              user.id,
              teamId,
              "list",
              undefined,
              (tx) => teamClients(tx, teamId),
            );
      return json(
        rows.map((row) => presentClient(row.client, row.settings, ctx.now)),
      );
    }
    const fields = input as z.output<typeof createInput>;
    if ((fields.grant_types || fields.scopes) && !admin)
      throw forbidden(
        "Only administrators choose a client's grants and scopes.",
      );
    const grantTypes = fields.grant_types ?? DEFAULT_GRANTS;
    const machine =
      grantTypes.includes("client_credentials") &&
      !grantTypes.includes("authorization_code");
    const teamId = fields.team_id;
    const create = async (db: Db) => {
      const made = await createClient(
        { ...ctx, db },
        {
          name: fields.name,
          // A team's client is the team's, not its maker's (decision record 110).
          userId: machine || teamId !== undefined ? null : user.id,
          teamId,
          redirectUris: redirectsOf(fields),
          grantTypes,
          confidential: machine || fields.confidential !== false,
          scopes: fields.scopes ?? null,
        },
      );
      return {
        ...made,
        settings: await storeLogoutUri(db, made.client.id, fields),
      };
    };
    // For a team, made holding the team's row shared, so a removal racing it ends it or refuses it.
    const { client, plainSecret, settings } =
      teamId === undefined
        ? await create(ctx.db)
        : await authorizeForTeamClient(
            ctx,
            user.id,
            teamId,
            "create",
            undefined,
            (tx) => create(tx as unknown as Db),
          );
    ctx.credentialChange = { user, name: client.name };
    return json(
      {
        ...presentClient(client, settings, ctx.now),
        plainSecret,
        secret: plainSecret,
      },
      201,
    );
  },
});

/**
 * Passport's name and redirect URIs, and the project's allowed scopes: absent leaves them, null
 * allows any the user consents to (decision record 090, "A client edited on screen").
 */
const updateInput = z.strictObject({
  ...IGNORED_FIELDS,
  ...clientFields,
  scopes: allowedScopes.nullable().optional(),
});

/** PUT|DELETE /oauth/clients/{id} (`passport.clients.update`, `.destroy`), under `manageClient` (decision record 110). */
export const clientEndpoint: Endpoint = defineEndpoint({
  input: (_config, ctx) =>
    ctx.request.method === "PUT" ? updateInput : z.strictObject(IGNORED_FIELDS),
  nonJson: "json",
  async run(ctx, input) {
    const user = ctx.requireUser();
    const editing = ctx.request.method === "PUT";
    const fields = input as z.output<typeof updateInput>;
    const answer = await manageClient(
      ctx,
      ctx.params.id ?? "",
      editing ? "update" : "delete",
      async (db, client) => {
        // The owner's notice (the `changes` and `removes` classes, decision record 082).
        ctx.credentialChange = { user, name: client.name };
        if (!editing) {
          await revokeClients(db, eq(oauthClients.id, client.id), ctx.now);
          return null;
        }
        if (fields.scopes !== undefined && !isAdmin(user, ctx.config))
          throw forbidden(
            "Only administrators choose a client's grants and scopes.",
          );
        const [updated] = await db
          .update(oauthClients)
          .set({
            name: fields.name,
            redirectUris: JSON.stringify(redirectsOf(fields)),
            ...(fields.scopes !== undefined && {
              scopes: fields.scopes && JSON.stringify(fields.scopes),
            }),
            updatedAt: ctx.now,
          })
          .where(eq(oauthClients.id, client.id))
          .returning();
        const settings = await storeLogoutUri(db, client.id, fields);
        return presentClient(updated ?? client, settings, ctx.now);
      },
    );
    return answer === null ? json(null, 204) : json(answer);
  },
});

/** GET /oauth/scopes (`passport.scopes.index`): every scope with its description. */
export const scopesEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  run: async () =>
    json(
      Object.entries(SCOPES).map(([id, description]) => ({ id, description })),
    ),
});
