import "server-only";
import { sql } from "drizzle-orm";
import { oauthAccessTokens, oauthClients } from "@/db/schema";
import { hitStatement } from "@/lib/auth/rate-limit";
import type { Context } from "@/lib/server/context";
import {
  type PresentedClient,
  secretKnown,
} from "@/lib/oauth/client-authentication";
import { judgeWindows } from "@/lib/oauth/client-request";
import { dueClientUse } from "@/lib/oauth/client-usage";
import { allowedScopes, hasGrant } from "@/lib/oauth/clients";
import { isDocumentClientId } from "@/lib/oauth/client-metadata-documents";
import { knownClient } from "@/lib/oauth/known-clients";
import { signAccessToken, tokenResponse } from "@/lib/oauth/issue";
import { bodyResources } from "@/lib/oauth/resources";
import { parseScopes, refusedScope } from "@/lib/oauth/scopes";

type Rows = { windows: [number, string][]; issued: number }[];

/**
 * Limiter keys this process saw past their limit here, until their window ends: a request under
 * one goes the ordinary way, which answers 429 from its first statement without signing a
 * token, so a client past its limit costs no signature per request.
 */
const limited = new Map<string, number>();
const LIMITED_KEPT = 10_000;

const limitedNow = (ctx: Context, key: string) =>
  (limited.get(key) ?? 0) > ctx.now.getTime();

function noteLimited(key: string, until: Date): void {
  limited.delete(key);
  limited.set(key, until.getTime());
  if (limited.size > LIMITED_KEPT) {
    const oldest = limited.keys().next();
    if (!oldest.done) limited.delete(oldest.value);
  }
}

/**
 * A client-credentials grant in one statement (decision record 104, amended by 112): when this
 * process has accepted the client's row before (lib/oauth/known-clients.ts) and knows the
 * presented secret without bcrypt, the request is judged on that row, the token signed, and one
 * statement counts the route's limiters, writes the token's row only if every count is within
 * its limit and the client's row still has the fingerprint judged (so a rotation, revocation,
 * deletion or change of grant types or scopes anywhere stops it), and the client's use with it
 * when due. Past a limit: 429, nothing written. Row changed: null after counting, and the
 * ordinary path (two statements) judges the request again on the row as it is now, the counts
 * already taken. Null at once for anything else (a metadata document client, a `resource`, a
 * request the known row would refuse: the ordinary path answers those).
 */
export async function clientCredentialsAtOnce(
  ctx: Context,
  input: Record<string, unknown>,
  presented: PresentedClient,
): Promise<Response | null> {
  if (isDocumentClientId(presented.id)) return null;
  const known = knownClient(ctx.db, presented.id);
  if (!known || typeof presented.secret !== "string") return null;
  const { client, fingerprint } = known;
  if (
    client.secret === null ||
    !secretKnown(client.id, client.secret, presented.secret) ||
    !hasGrant(client, "client_credentials")
  )
    return null;
  const scopes = parseScopes(input.scope);
  if (refusedScope(scopes, allowedScopes(client) ?? []) !== null) return null;
  if ((await bodyResources(ctx)).length > 0) return null;
  // A `refused-only` rule is read, not counted (decision record 116): the general path does that.
  if (ctx.carriedHits?.some((hit) => hit.readOnly || limitedNow(ctx, hit.key)))
    return null;
  const token = await signAccessToken(ctx, { client, userId: null, scopes });

  const hits = ctx.carriedHits?.splice(0) ?? [];
  const hitNames = hits.map((_, index) => sql.identifier(`hit_${index}`));
  const within = hits.map(
    (hit, index) => sql`${hitNames[index]}.hits <= ${hit.max}`,
  );
  const use = dueClientUse(ctx, client.id, sql`exists (select 1 from issued)`);
  const { row } = token;
  const stamp = (date: Date) => sql`${date.toISOString()}::timestamp`;
  const parts = [
    ...hits.map(
      (hit, index) =>
        sql`${hitNames[index]} as (${hitStatement(ctx.db, hit.key, hit.decaySeconds, ctx.now).getSQL()})`,
    ),
    sql`known_client as (select ${oauthClients.id} as id from ${oauthClients}
      where ${oauthClients.id} = ${client.id} and md5(${oauthClients}::text) = ${fingerprint})`,
    sql`issued as (insert into ${oauthAccessTokens}
      (id, user_id, client_id, name, scopes, revoked, created_at, updated_at, expires_at)
      select ${row.id}, null, known_client.id, null, ${row.scopes}, false,
        ${stamp(row.createdAt)}, ${stamp(row.updatedAt)}, ${stamp(row.expiresAt)}
      from ${sql.join([sql`known_client`, ...hitNames], sql`, `)}
      where ${sql.join([sql`true`, ...within], sql` and `)}
      returning id)`,
    ...(use ? [sql`client_use as (${use})`] : []),
  ];
  const windows = sql`json_build_array(${sql.join(
    hitNames.map(
      (name) => sql`json_build_array(${name}.hits, ${name}.reset_at)`,
    ),
    sql`, `,
  )})`;
  const result = (await ctx.db.execute(sql`with ${sql.join(parts, sql`, `)}
    select ${windows} as windows, (select count(*) from issued)::int as issued
    ${hits.length > 0 ? sql`from ${sql.join(hitNames, sql`, `)}` : sql``}`)) as unknown as
    Rows | { rows: Rows };
  const [answer] = Array.isArray(result) ? result : result.rows;
  if (!answer) throw new Error("the grant's statement returned no row");
  hits.forEach((hit, index) => {
    const [count, resetAt] = answer.windows[index] ?? [0, ""];
    if (count > hit.max) noteLimited(hit.key, new Date(`${resetAt}Z`));
  });
  judgeWindows(ctx, hits, answer.windows);
  if (answer.issued !== 1) return null;
  return tokenResponse({
    expires_in: token.expiresIn,
    access_token: token.jwt,
  });
}
