import "server-only";
import { and, eq, sql } from "drizzle-orm";
import {
  type OAuthAccessToken,
  type OAuthClient,
  oauthAccessTokens,
  oauthClients,
  rateLimits,
} from "@/db/schema";
import { hitStatement, secondsUntil } from "@/lib/auth/rate-limit";
import { tooManyRequests } from "@/lib/http/errors";
import type { Context } from "@/lib/server/context";
import { clientKeyIs } from "@/lib/oauth/client-keys";

export type ClientRequestRows = {
  /** The client by the presented id; null for no such client, or a revoked one. */
  client: OAuthClient | null;
  /** A digest of the client's whole row as read (`clientFingerprint`); null without a client. */
  fingerprint: string | null;
  /** The access token asked about, when its id was given: null for no live row. */
  token: OAuthAccessToken | null;
};

/**
 * What a client's request to the token or introspection endpoint reads, in one statement
 * (decision record 104): the counts its route's limiters left for it (`ctx.carriedHits`: a
 * counting rule as a data-modifying CTE, lib/auth/rate-limit.ts `hitStatement`; a `refused-only`
 * rule's window read, not counted: decision record 116), the client's row and, for
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
  const { hits, windows, ctes } = carriedHitReads(ctx);
  const [first, ...others] = ctes;
  const selection = {
    windows,
    client: oauthClients,
    fingerprint: clientFingerprint,
    token: oauthAccessTokens,
  };
  // Without a counting rule nothing is written: the rows are read from one row of nothing.
  let query = first
    ? ctx.db
        .with(first, ...others)
        .select(selection)
        .from(first)
        .$dynamic()
    : ctx.db
        .select(selection)
        .from(sql`(select 1) as one`)
        .$dynamic();
  for (const cte of others) query = query.leftJoin(cte, sql`true`);
  const [row] = await query
    .leftJoin(oauthClients, clientOn)
    .leftJoin(oauthAccessTokens, tokenOn)
    .limit(1);
  if (!row) throw new Error("rate limit upsert returned no row");
  judgeWindows(ctx, hits, row.windows);
  return {
    client: row.client,
    fingerprint: row.client ? row.fingerprint : null,
    token: row.token,
  };
}

/**
 * A digest of the client's whole row as the database prints it: any change to it (a secret
 * rotated, a revocation, its grant types or scopes, on any instance or by Passport) changes it,
 * so a statement may be conditioned on the row being the one judged before
 * (lib/oauth/grants/client-credentials-at-once.ts).
 */
const clientFingerprint = sql<string | null>`md5(${oauthClients}::text)`;

/**
 * The counts the route's limiters left to this request, taken (so counted once): a counting
 * rule's as a data-modifying CTE, a `refused-only` rule's open window read in place; each as
 * `[hits, reset_at]` in one JSON column.
 */
function carriedHitReads(ctx: Context) {
  const hits = ctx.carriedHits?.splice(0) ?? [];
  const counted = hits.map((hit, index) =>
    hit.readOnly
      ? null
      : ctx.db
          .$with(`hit_${index}`)
          .as(hitStatement(ctx.db, hit.key, hit.decaySeconds, ctx.now)),
  );
  const windows = sql<[number, string][]>`json_build_array(${sql.join(
    hits.map((hit, index) => {
      const cte = counted[index];
      return cte
        ? sql`json_build_array(${cte.hits}, ${cte.resetAt})`
        : sql`coalesce((select json_build_array(${rateLimits.hits}, ${rateLimits.resetAt})
            from ${rateLimits} where ${rateLimits.key} = ${hit.key}
            and ${rateLimits.resetAt} > ${ctx.now.toISOString()}::timestamp), json_build_array(0, ''))`;
    }),
    sql`, `,
  )})`;
  return { hits, windows, ctes: counted.filter((cte) => cte !== null) };
}

/** 429 with the longest wait when a count is past its limiter's maximum. */
export function judgeWindows(
  ctx: Context,
  hits: NonNullable<Context["carriedHits"]>,
  windows: [number, string][],
): void {
  let retryAfter = 0;
  hits.forEach((hit, index) => {
    const [count, resetAt] = windows[index] ?? [0, ""];
    const window = { hits: count, resetAt: new Date(`${resetAt}Z`) };
    if (hit.readOnly ? count >= hit.max : count > hit.max)
      retryAfter = Math.max(retryAfter, secondsUntil(window, ctx.now));
  });
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}
