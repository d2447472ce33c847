import "server-only";
import { and, eq, sql } from "drizzle-orm";
import {
  type OAuthAccessToken,
  type OAuthClient,
  oauthAccessTokens,
  oauthClients,
  rateLimits,
} from "@/db/schema";
import {
  hitPlaceholders,
  preparedHitStatement,
  secondsUntil,
} from "@/lib/auth/rate-limit";
import { tooManyRequests } from "@/lib/http/errors";
import type { Context } from "@/lib/server/context";
import { clientKeyFits } from "@/lib/oauth/client-keys";
import type { Db } from "@/db/client";
import { preparedPerShape } from "@/db/prepared";

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
 * The statement is prepared once per shape of the route's limiters (decision record 010: building
 * it was a sixth of an introspection's CPU).
 */
export async function readClientRequest(
  ctx: Context,
  clientId: string,
  tokenId: string | null = null,
): Promise<ClientRequestRows> {
  const hits = ctx.carriedHits?.splice(0) ?? [];
  const shape = hits.map((hit) => (hit.readOnly ? "r" : "c")).join("");
  const values: Record<string, string | null> = {
    // Null matches no row: an id that cannot be a key of this database, or no token asked about.
    client: (await clientKeyFits(ctx.db, clientId)) ? clientId : null,
    token: tokenId,
  };
  hits.forEach((hit, index) =>
    Object.assign(
      values,
      hitPlaceholders(`hit_${index}`, hit.key, hit.decaySeconds, ctx.now),
    ),
  );
  const [row] = await clientReadStatement(ctx.db, shape).execute(values);
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

/** `readClientRequest`'s statement for limiters of `shape` ("c" counts, "r" reads), prepared once. */
const clientReadStatement = preparedPerShape((db: Db, shape: string) => {
  const clientOn = and(
    eq(oauthClients.id, sql.placeholder("client")),
    eq(oauthClients.revoked, false),
  );
  const tokenOn = and(
    eq(oauthAccessTokens.id, sql.placeholder("token")),
    eq(oauthAccessTokens.revoked, false),
  );
  const { windows, ctes } = hitReads(db, shape);
  const selection = {
    windows,
    client: oauthClients,
    fingerprint: clientFingerprint,
    token: oauthAccessTokens,
  };
  // From one row of nothing: without a counting rule nothing is written.
  let query = db
    .with(...ctes)
    .select(selection)
    .from(sql`(select 1) as one`)
    .leftJoin(oauthClients, clientOn)
    .leftJoin(oauthAccessTokens, tokenOn)
    .$dynamic();
  for (const cte of ctes) query = query.leftJoin(cte, sql`true`);
  return query.limit(1).prepare(`read_client_request_${shape}`);
});

/**
 * The counts the route's limiters left to this request, taken (so counted once): a counting
 * rule's as a data-modifying CTE, a `refused-only` rule's open window read in place; each as
 * `[hits, reset_at]` in one JSON column. Placeholders `hit_<n>_*` (`hitPlaceholders`).
 */
function hitReads(db: Db, shape: string) {
  const kinds = [...shape].map((kind, index) => ({
    kind,
    name: `hit_${index}`,
  }));
  const names = kinds.map(({ name }) => name);
  const counted = kinds.map(({ kind, name }) =>
    kind === "r" ? null : db.$with(name).as(preparedHitStatement(db, name)),
  );
  const windows = sql<[number, string][]>`json_build_array(${sql.join(
    names.map((name, index) => {
      const cte = counted[index];
      return cte
        ? sql`json_build_array(${cte.hits}, ${cte.resetAt})`
        : sql`coalesce((select json_build_array(${rateLimits.hits}, ${rateLimits.resetAt})
            from ${rateLimits} where ${rateLimits.key} = ${sql.placeholder(`${name}_key`)}
            and ${rateLimits.resetAt} > ${sql.placeholder(`${name}_now`)}::timestamp), json_build_array(0, ''))`;
    }),
    sql`, `,
  )})`;
  return { windows, ctes: counted.filter((cte) => cte !== null) };
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
