import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerShape, prepareSql } from "@/db/prepared";
import { oauthAccessTokens, oauthClients } from "@/db/schema";
import { hitPlaceholders, preparedHitStatement } from "@/lib/auth/rate-limit";
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
  const { row } = token;
  const values: Record<string, string | number> = {
    client: client.id,
    fingerprint,
    id: row.id,
    scopes: row.scopes,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    expires: row.expiresAt.toISOString(),
  };
  hits.forEach((hit, index) =>
    Object.assign(
      values,
      hitPlaceholders(`hit_${index}`, hit.key, hit.decaySeconds, ctx.now),
      { [`hit_${index}_max`]: hit.max },
    ),
  );
  const use = dueClientUse(ctx, client.id, sql`exists (select 1 from issued)`);
  // The client's use is due once a minute: that statement is built for its request alone.
  const statement = use
    ? prepareSql(ctx.db, undefined, grantStatement(ctx.db, hits.length, use))
    : preparedGrant(ctx.db, hits.length);
  const result = (await statement.execute(values)) as unknown as
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

/** The grant's statement for `hitCount` limiters, without the client's use: prepared once. */
const preparedGrant = preparedPerShape((db: Db, hitCount: number) =>
  prepareSql(
    db,
    `client_credentials_at_once_${hitCount}`,
    grantStatement(db, hitCount, null),
  ),
);

/**
 * The statement: the limiters' counts (`hit_<n>_*`, lib/auth/rate-limit.ts
 * `preparedHitStatement`), the client's row as judged (`client`, `fingerprint`), the token's row
 * written only when both hold (`id`, `scopes`, `created`, `updated`, `expires`), and the client's
 * use with it when due.
 */
function grantStatement(db: Db, hitCount: number, use: SQL | null): SQL {
  const names = Array.from({ length: hitCount }, (_, index) => `hit_${index}`);
  const hitNames = names.map((name) => sql.identifier(name));
  const within = names.map(
    (name, index) =>
      sql`${hitNames[index]}.hits <= ${sql.placeholder(`${name}_max`)}::int`,
  );
  const stamp = (name: string) => sql`${sql.placeholder(name)}::timestamp`;
  const parts = [
    ...names.map(
      (name, index) =>
        sql`${hitNames[index]} as (${preparedHitStatement(db, name).getSQL()})`,
    ),
    sql`known_client as (select ${oauthClients.id} as id from ${oauthClients}
      where ${oauthClients.id} = ${sql.placeholder("client")}
      and md5(${oauthClients}::text) = ${sql.placeholder("fingerprint")})`,
    sql`issued as (insert into ${oauthAccessTokens}
      (id, user_id, client_id, name, scopes, revoked, created_at, updated_at, expires_at)
      select ${sql.placeholder("id")}, null, known_client.id, null, ${sql.placeholder("scopes")},
        false, ${stamp("created")}, ${stamp("updated")}, ${stamp("expires")}
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
  return sql`with ${sql.join(parts, sql`, `)}
    select ${windows} as windows, (select count(*) from issued)::int as issued
    ${hitCount > 0 ? sql`from ${sql.join(hitNames, sql`, `)}` : sql``}`;
}
