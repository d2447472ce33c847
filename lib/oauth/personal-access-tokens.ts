import "server-only";
import { and, asc, desc, eq, gt, like } from "drizzle-orm";
import { z } from "zod";
import { type OAuthClient, oauthAccessTokens, oauthClients } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import type { Context } from "@/lib/server/context";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { presentToken } from "@/lib/oauth/authorized-tokens";
import { PERSONAL_ACCESS_GRANT } from "@/lib/oauth/clients";
import { newClientKey } from "@/lib/oauth/client-keys";
import { issueAccessToken, LIFETIMES } from "@/lib/oauth/issue";
import { SCOPES } from "@/lib/oauth/scopes";

/**
 * The personal access client (Passport's `passport:client --personal`): the oldest live client
 * with the grant, made on first use when the database has none. Two first uses at once may make
 * two; both work, and the oldest is used from then on.
 */
async function personalAccessClient(ctx: Context): Promise<OAuthClient> {
  const [existing] = await ctx.db
    .select()
    .from(oauthClients)
    .where(
      and(
        eq(oauthClients.revoked, false),
        like(oauthClients.grantTypes, `%"${PERSONAL_ACCESS_GRANT}"%`),
      ),
    )
    .orderBy(asc(oauthClients.createdAt))
    .limit(1);
  if (existing) return existing;
  const [made] = await ctx.db
    .insert(oauthClients)
    .values({
      id: await newClientKey(ctx.db),
      userId: null,
      name: "Personal Access Client",
      secret: null,
      provider: "users",
      redirectUris: "[]",
      grantTypes: JSON.stringify([PERSONAL_ACCESS_GRANT]),
      scopes: null,
      revoked: false,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!made) throw new Error("personal access client insert returned no row");
  return made;
}

const storeInput = z.strictObject({
  ...IGNORED_FIELDS,
  name: z.string().min(1).max(255),
  scopes: z
    .array(
      z
        .string()
        .refine(
          (scope) => Object.hasOwn(SCOPES, scope),
          "The selected scopes is invalid.",
        ),
    )
    .max(50)
    .optional(),
});

/**
 * GET|POST /oauth/personal-access-tokens (`passport.personal.tokens.index`, `.store`): the user's
 * live personal access tokens; a new one, an access token of the personal access client that
 * lives as Passport's do (a year). The answer is Passport 13's result (`accessTokenId`,
 * `accessToken`, `tokenType`, `expiresIn`) with Passport 12's `token` (the row) beside it, so
 * either version's screens read it. Decision record 072.
 */
export const personalAccessTokensEndpoint: Endpoint = defineEndpoint({
  input: (_config, ctx) =>
    ctx.request.method === "POST" ? storeInput : z.strictObject(IGNORED_FIELDS),
  nonJson: "json",
  async run(ctx, input) {
    const user = ctx.requireUser();
    if (ctx.request.method !== "POST") {
      const rows = await ctx.db
        .select({ token: oauthAccessTokens, client: oauthClients })
        .from(oauthAccessTokens)
        .innerJoin(
          oauthClients,
          eq(oauthClients.id, oauthAccessTokens.clientId),
        )
        .where(
          and(
            eq(oauthAccessTokens.userId, user.id),
            eq(oauthAccessTokens.revoked, false),
            gt(oauthAccessTokens.expiresAt, ctx.now),
            like(oauthClients.grantTypes, `%"${PERSONAL_ACCESS_GRANT}"%`),
          ),
        )
        .orderBy(desc(oauthAccessTokens.createdAt));
      return json(rows.map(({ token, client }) => presentToken(token, client)));
    }
    const fields = input as z.output<typeof storeInput>;
    const client = await personalAccessClient(ctx);
    const issued = await issueAccessToken(ctx, {
      client,
      userId: user.id,
      scopes: fields.scopes ?? [],
      name: fields.name,
      lifetimeSeconds: LIFETIMES.personalAccessToken,
    });
    const [token] = await ctx.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.id, issued.id))
      .limit(1);
    ctx.credentialChange = { user, name: fields.name };
    return json({
      accessTokenId: issued.id,
      accessToken: issued.jwt,
      tokenType: "Bearer",
      expiresIn: issued.expiresIn,
      token: token ? presentToken(token, client) : null,
    });
  },
});

/** DELETE /oauth/personal-access-tokens/{id} (`passport.personal.tokens.destroy`): revokes one; 404 when not the user's. */
export const personalAccessTokenEndpoint: Endpoint = defineEndpoint({
  nonJson: "json",
  async run(ctx) {
    const user = ctx.requireUser();
    const id = ctx.params.id ?? "";
    if (!/^[0-9a-f]{1,80}$/.test(id)) throw notFound();
    const [personal] = await ctx.db
      .select({ id: oauthAccessTokens.id })
      .from(oauthAccessTokens)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthAccessTokens.clientId))
      .where(
        and(
          eq(oauthAccessTokens.id, id),
          eq(oauthAccessTokens.userId, user.id),
          like(oauthClients.grantTypes, `%"${PERSONAL_ACCESS_GRANT}"%`),
        ),
      )
      .limit(1);
    if (!personal) throw notFound();
    await ctx.db
      .update(oauthAccessTokens)
      .set({ revoked: true, updatedAt: ctx.now })
      .where(eq(oauthAccessTokens.id, id));
    return new Response(null, { status: 204 });
  },
});
