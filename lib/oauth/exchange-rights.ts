import "server-only";
import type { Db } from "@/db/client";
import type { OAuthResource } from "@/db/schema";
import { invalid } from "@/lib/http/errors";
import { findClient, isConfidential } from "@/lib/oauth/clients";
import { SCOPES } from "@/lib/oauth/scopes";

// Who may exchange a registered resource's tokens, and for what (RFC 8693; decision record 115):
// the confidential client an administrator names as the resource's server, for the scopes of this
// application's API named beside it. The grant is lib/oauth/grants/token-exchange.ts.

/** What an administrator sets: the resource's server and the scopes of this API it may exchange for; absent, none. */
export type ExchangeRights = {
  exchangeClient?: string | null;
  exchangeScopes?: readonly string[];
};

/** `*` is never exchanged: the exchanged token names what it may do (decision record 115). */
const NEVER_EXCHANGED = "*";

/**
 * 422 unless every exchange scope is one of this server's (not `*`), and the scopes come with a
 * server that exists and keeps a secret (a public client cannot prove it is the resource's server).
 */
export async function checkExchangeRights(
  db: Db,
  rights: ExchangeRights,
): Promise<void> {
  const scopes = rights.exchangeScopes ?? [];
  for (const scope of scopes) {
    if (scope === NEVER_EXCHANGED)
      throw invalid("exchange_scopes", "The scope * cannot be exchanged.");
    if (!Object.hasOwn(SCOPES, scope))
      throw invalid(
        "exchange_scopes",
        "The scope :scope is not one of this server's.",
        { scope },
      );
  }
  if (!rights.exchangeClient) {
    if (scopes.length > 0)
      throw invalid(
        "exchange_client",
        "Name the resource's server to let it exchange tokens.",
      );
    return;
  }
  const client = await findClient(db, rights.exchangeClient);
  if (!client)
    throw invalid("exchange_client", "The client :client does not exist.", {
      client: rights.exchangeClient,
    });
  if (!isConfidential(client))
    throw invalid(
      "exchange_client",
      "The client :client keeps no secret: only a confidential client may exchange tokens.",
      { client: rights.exchangeClient },
    );
}

/** The columns of `rights`: no scopes stored as null, as a resource that never had any. */
export const exchangeColumns = (rights: ExchangeRights) => ({
  exchangeClientId: rights.exchangeClient ?? null,
  exchangeScopes: rights.exchangeScopes?.length
    ? [...rights.exchangeScopes]
    : null,
});

/** The scopes of this API a resource's server may exchange its tokens for. */
export const exchangeScopesOf = (resource: OAuthResource): string[] =>
  resource.exchangeClientId === null ? [] : (resource.exchangeScopes ?? []);

/**
 * The server that loses some of what it could exchange for when `before` becomes `after` (another
 * server named, a scope or the resource itself gone: `after` null); null when it loses nothing.
 */
export function serverLosingRights(
  before: OAuthResource,
  after: OAuthResource | null,
): string | null {
  const server = before.exchangeClientId;
  if (server === null) return null;
  const kept =
    after?.exchangeClientId === server ? exchangeScopesOf(after) : [];
  return exchangeScopesOf(before).some((scope) => !kept.includes(scope))
    ? server
    : null;
}

/** Whether `clientId` is the resource's server, allowed to exchange at least one scope. */
export const isExchangeServer = (resource: OAuthResource, clientId: string) =>
  resource.exchangeClientId === clientId &&
  exchangeScopesOf(resource).length > 0;

/** What a resource's server may do for the user by exchange, in the consent's words. */
export type ConsentExchange = {
  resource: { identifier: string; name: string };
  scopes: { id: string; description: string }[];
};

/**
 * The exchanges the consent tells of (decision record 115): for each resource of the request
 * whose server may exchange, the scopes of this API it may act with, described as this server
 * describes them.
 */
export const consentExchanges = (
  resources: readonly OAuthResource[],
): ConsentExchange[] =>
  resources
    .filter((resource) => exchangeScopesOf(resource).length > 0)
    .map((resource) => ({
      resource: { identifier: resource.identifier, name: resource.name },
      scopes: exchangeScopesOf(resource).map((id) => ({
        id,
        description: SCOPES[id] ?? id,
      })),
    }));
