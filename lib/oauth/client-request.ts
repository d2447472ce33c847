import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  type OAuthAccessToken,
  type OAuthClient,
  oauthAccessTokens,
  oauthClients,
} from "@/db/schema";
import { hitStatement, secondsUntil } from "@/lib/auth/rate-limit";
import { tooManyRequests } from "@/lib/http/errors";
import type { Context } from "@/lib/server/context";
import { clientKeyIs } from "@/lib/oauth/client-keys";

export type ClientRequestRows = {
  /** The client by the presented id; null for no such client, or a revoked one. */
  client: OAuthClient | null;
  /** The access token asked about, when its id was given: null for no live row. */
  token: OAuthAccessToken | null;
};

/**
 * What a client's request to the token or introspection endpoint reads, in one statement
 * (decision record 104): the counts its route's limiters left for it (`ctx.carriedHits`, as
 * data-modifying CTEs: lib/auth/rate-limit.ts `hitStatement`), the client's row and, for
 * introspection, the token's row (not revoked; its signature was verified before). Past a limit
 * it answers 429 before anything about the client is judged, as the limiter did on its own.
 */
export async function readClientRequest(
  ctx: Context,
  clientId: string,
  tokenId: string | null = null,
): Promise<ClientRequestRows> {
  const key = await clientKeyIs(ctx.db, clientId);
  const clientOn = and(key ?? sql`false`, eq(oauthClients.revoked, false));
  const tokenOn = and(
    tokenId === null ? sql`false` : eq(oauthAccessTokens.id, tokenId),
    eq(oauthAccessTokens.revoked, false),
  );
  const hits = ctx.carriedHits?.splice(0) ?? [];
  const [first, ...others] = hits.map((hit, index) =>
    ctx.db
      .$with(`hit_${index}`)
      .as(hitStatement(ctx.db, hit.key, hit.decaySeconds, ctx.now)),
  );
  if (!first) return separately(ctx, clientOn, tokenOn, tokenId !== null);
  let query = ctx.db
    .with(first, ...others)
    .select({
      windows: sql<[number, string][]>`json_build_array(${sql.join(
        [first, ...others].map(
          (cte) => sql`json_build_array(${cte.hits}, ${cte.resetAt})`,
        ),
        sql`, `,
      )})`,
      client: oauthClients,
      token: oauthAccessTokens,
    })
    .from(first)
    .$dynamic();
  for (const cte of others) query = query.leftJoin(cte, sql`true`);
  const [row] = await query
    .leftJoin(oauthClients, clientOn)
    .leftJoin(oauthAccessTokens, tokenOn)
    .limit(1);
  if (!row) throw new Error("rate limit upsert returned no row");
  let retryAfter = 0;
  hits.forEach((hit, index) => {
    const [count, resetAt] = row.windows[index] ?? [0, ""];
    const window = { hits: count, resetAt: new Date(`${resetAt}Z`) };
    if (count > hit.max)
      retryAfter = Math.max(retryAfter, secondsUntil(window, ctx.now));
  });
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
  return { client: row.client, token: row.token };
}

/** The same rows without limiter counts to carry (the route's limiters counted them already). */
async function separately(
  ctx: Context,
  clientOn: SQL | undefined,
  tokenOn: SQL | undefined,
  asksToken: boolean,
): Promise<ClientRequestRows> {
  const [client] = await ctx.db
    .select()
    .from(oauthClients)
    .where(clientOn)
    .limit(1);
  if (!asksToken) return { client: client ?? null, token: null };
  const [token] = await ctx.db
    .select()
    .from(oauthAccessTokens)
    .where(tokenOn)
    .limit(1);
  return { client: client ?? null, token: token ?? null };
}
