import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type OAuthResource,
  oauthResources,
  type ResourceScope,
} from "@/db/schema";
import { invalid, notFound } from "@/lib/http/errors";
import { findClient } from "@/lib/oauth/clients";
import { SCOPES } from "@/lib/oauth/scopes";
import { resourceActivity } from "@/lib/oauth/resource-activity";
import {
  checkExchangeRights,
  exchangeColumns,
  type ExchangeRights,
  exchangeScopesOf,
  serverLosingRights,
} from "@/lib/oauth/exchange-rights";
import { endTokensExchangedBy } from "@/lib/oauth/token-families";

/**
 * The protected resources on other origins this server issues tokens for (decision record 101):
 * their rows and the checks that need the database. The shape of each field (an https identifier,
 * scope names) is checked at the edge by lib/contract/oauth/resources.ts.
 */

export type ResourceRegistration = {
  identifier: string;
  name: string;
  scopes: ResourceScope[];
  /** The clients that may ask for it; null: any client. */
  clients: string[] | null;
  /** Its access tokens' life; null: `oauth.access-token-minutes`. */
  tokenMinutes: number | null;
} & ExchangeRights;

/**
 * A database, or a context holding one (and its clock, else the wall clock), and who acts: the
 * administrator and their address, or the command line (`id` null, as a setting's change there).
 */
type Target =
  | Db
  | {
      db: Db;
      now?: Date;
      env?: { APP_URL: string };
      actor?: { id: number | null; ip: string };
    };

const dbOf = (target: Target): Db => ("db" in target ? target.db : target);
const nowOf = (target: Target): Date =>
  ("db" in target ? target.now : undefined) ?? new Date();
/** Who acts, and when, for the activity log. */
const actingOf = (target: Target) => ({
  actor: ("db" in target ? target.actor : undefined) ?? { id: null, ip: "cli" },
  now: nowOf(target),
});
/** Laravel's timestamp(0) columns hold whole seconds. */
const wholeSeconds = (date: Date) =>
  new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * A URI's identity for comparing resources: RFC 3986 §6.2.3's normal form (scheme and host case,
 * default port) with a trailing `/` dropped, as MCP clients send either (decision record 074);
 * null for a URI that names no resource here (not a URL, a query, user information).
 */
export function resourceIdentity(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.username || url.password || url.search) return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
}

/** How an identifier is stored: its normal form, a trailing slash kept only as it was typed. */
function storedIdentifier(value: string): string {
  const href = new URL(value).href;
  return !value.endsWith("/") && href.endsWith("/") ? href.slice(0, -1) : href;
}

/** The registered resource a `resource` value names, or null. */
export async function findRegisteredResource(
  db: Db,
  value: string,
): Promise<OAuthResource | null> {
  const identity = resourceIdentity(value);
  if (identity === null) return null;
  const [row] = await db
    .select()
    .from(oauthResources)
    .where(inArray(oauthResources.identifier, [identity, `${identity}/`]))
    .limit(1);
  return row ?? null;
}

/** Whether a client may ask for a token for the resource (RFC 8707 `invalid_target` otherwise). */
export const allowsClient = (resource: OAuthResource, clientId: string) =>
  resource.allowedClients === null ||
  resource.allowedClients.includes(clientId);

export const resourceScopeNames = (resource: OAuthResource) =>
  resource.scopes.map((scope) => scope.name);

/**
 * The scope names the registered resources define, each once; `anyClientOnly`: of the resources
 * that allow any client, which a client registering itself may be given (decision record 101).
 */
export async function registeredScopeNames(
  db: Db,
  anyClientOnly = false,
): Promise<string[]> {
  const rows = await listResources(db);
  const names = rows
    .filter((row) => !anyClientOnly || row.allowedClients === null)
    .flatMap(resourceScopeNames);
  return [...new Set(names)];
}

/** Every registered resource, oldest first. */
export const listResources = (db: Db) =>
  db.select().from(oauthResources).orderBy(asc(oauthResources.id));

/** A resource by the `{id}` of a route, else 404. */
export async function findResource(db: Db, id: string): Promise<OAuthResource> {
  if (!/^\d{1,15}$/.test(id)) throw notFound();
  const [row] = await db
    .select()
    .from(oauthResources)
    .where(eq(oauthResources.id, Number(id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * 422 unless every scope is the resource's own (none of this server's), every client exists, and
 * the exchange rights hold (lib/oauth/exchange-rights.ts).
 */
async function checkFields(
  db: Db,
  fields: Omit<ResourceRegistration, "identifier" | "name" | "tokenMinutes">,
): Promise<void> {
  const taken = fields.scopes.find((scope) =>
    Object.hasOwn(SCOPES, scope.name),
  );
  if (taken)
    throw invalid("scopes", "The scope :scope is one of this server's own.", {
      scope: taken.name,
    });
  for (const clientId of fields.clients ?? [])
    if (!(await findClient(db, clientId)))
      throw invalid("clients", "The client :client does not exist.", {
        client: clientId,
      });
  await checkExchangeRights(db, fields);
}

/**
 * Registers a protected resource: 422 when its identifier is taken (in any form that compares
 * equal), is this server's own API, names one of this server's scopes or an unknown client.
 */
export async function registerResource(
  target: Target,
  registration: ResourceRegistration,
): Promise<OAuthResource> {
  const db = dbOf(target);
  const identifier = storedIdentifier(registration.identifier);
  const ownApi = "db" in target ? target.env?.APP_URL : undefined;
  if (
    ownApi !== undefined &&
    resourceIdentity(identifier) === resourceIdentity(ownApi)
  )
    throw invalid("identifier", "The :attribute is this server's own API.");
  await checkFields(db, registration);
  const taken = () =>
    invalid("identifier", "The :attribute has already been taken.");
  if (await findRegisteredResource(db, identifier)) throw taken();
  const now = wholeSeconds(nowOf(target));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(oauthResources)
      .values({
        identifier,
        name: registration.name,
        scopes: registration.scopes,
        allowedClients: registration.clients,
        accessTokenMinutes: registration.tokenMinutes,
        ...exchangeColumns(registration),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw taken();
    await resourceActivity(tx, actingOf(target), { after: row });
    return row;
  });
}

/**
 * The tokens a resource's server got by exchange end when it loses any of what it could exchange
 * for (decision record 115), in the change's transaction: they hold what it no longer may.
 */
async function endLostExchanges(
  tx: Pick<Db, "select" | "update">,
  before: OAuthResource,
  after: OAuthResource | null,
) {
  const server = serverLosingRights(before, after);
  if (server !== null) await endTokensExchangedBy(tx, server);
}

/**
 * Replaces a resource's name, scopes, clients, token life and exchange rights, its identifier
 * staying; a server that loses exchange rights loses the tokens it got by them.
 */
export async function updateResource(
  target: Target,
  resource: OAuthResource,
  fields: Omit<ResourceRegistration, "identifier">,
): Promise<OAuthResource> {
  const db = dbOf(target);
  await checkFields(db, fields);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(oauthResources)
      .set({
        name: fields.name,
        scopes: fields.scopes,
        allowedClients: fields.clients,
        accessTokenMinutes: fields.tokenMinutes,
        ...exchangeColumns(fields),
        updatedAt: wholeSeconds(nowOf(target)),
      })
      .where(eq(oauthResources.id, resource.id))
      .returning();
    if (!row) throw notFound();
    await endLostExchanges(tx, resource, row);
    await resourceActivity(tx, actingOf(target), {
      before: resource,
      after: row,
    });
    return row;
  });
}

/**
 * Deletes a resource. Its tokens live out their short life (a resource server verifies them by
 * signature alone); refreshing one is `invalid_target` from now on. What its server got by
 * exchanging them ends now (this API checks its own tokens' rows: decision record 115).
 */
export async function deleteResource(target: Target, resource: OAuthResource) {
  await dbOf(target).transaction(async (tx) => {
    const [row] = await tx
      .delete(oauthResources)
      .where(eq(oauthResources.id, resource.id))
      .returning();
    if (!row) throw notFound();
    await endLostExchanges(tx, row, null);
    await resourceActivity(tx, actingOf(target), { before: row });
  });
}

/** A resource as the administration and the command line show it. */
export const presentResource = (row: OAuthResource) => ({
  id: row.id,
  identifier: row.identifier,
  name: row.name,
  scopes: row.scopes,
  clients: row.allowedClients,
  token_minutes: row.accessTokenMinutes,
  exchange_client: row.exchangeClientId,
  exchange_scopes: exchangeScopesOf(row),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
