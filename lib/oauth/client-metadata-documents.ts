import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  type OAuthClient,
  oauthClients,
  oauthClientSettings,
} from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { clientKeyKind } from "@/lib/oauth/client-keys";
import {
  DocumentFetchError,
  fetchClientDocument,
} from "@/lib/oauth/client-metadata-fetch";
import { OAuthError } from "@/lib/oauth/errors";
import { grantedScopes, validRedirects } from "@/lib/oauth/self-registered";

// Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, MCP 2025-11-25;
// decision record 102): a client whose `client_id` is an https URL publishes its metadata there.
// It lives in Passport's oauth_clients as a public registered client whose key is a UUID (v5)
// derived from the URL, so consents, codes, tokens and revocation work on it as on any client,
// and the row is refreshed from the document whenever the document is fetched again.

/** Why a metadata document client was refused: the hint of the invalid_client / invalid_request. */
export class ClientDocumentError extends Error {}

/** RFC 4122's name space for URLs: the key of a document client is UUIDv5(this, its URL). */
const URL_NAMESPACE = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

/** RFC 4122 §4.3: a name-based UUID, SHA-1, version 5. */
export function documentClientKey(url: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(URL_NAMESPACE.replace(/-/g, ""), "hex"))
    .update(url, "utf8")
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The client id a client sent, when it is the URL of the document `client` was made from: what
 * its ID token's `aud` must name (OpenID Connect Core §2). Undefined otherwise: the row's key.
 */
export function sentClientId(
  client: Pick<OAuthClient, "id">,
  sent: unknown,
): string | undefined {
  return typeof sent === "string" &&
    isDocumentClientId(sent) &&
    documentClientKey(sent) === client.id
    ? sent
    : undefined;
}

/**
 * The draft's §3 rules for a client id URL: https, a path beyond "/", no dot segments, no
 * fragment, no user information. Anything else is an ordinary client id (a key, or nothing).
 */
export function isDocumentClientId(id: string): boolean {
  if (!id.startsWith("https://") || !URL.canParse(id)) return false;
  const url = new URL(id);
  return (
    url.pathname !== "/" &&
    !id.includes("#") &&
    url.username === "" &&
    url.password === "" &&
    !/\/\.\.?(\/|$|\?)/.test(id.slice(url.origin.length))
  );
}

/** What this server honours of a document; shared-secret fields make it invalid (draft §4.1). */
const documentSchema = z.object({
  client_id: z.string(),
  client_name: z.string().max(255).optional(),
  redirect_uris: z.array(z.string().max(2000)).min(1).max(20),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .optional(),
  response_types: z.array(z.literal("code")).min(1).optional(),
  token_endpoint_auth_method: z.literal("none").optional(),
  scope: z.string().max(1000).optional(),
  client_secret: z.never().optional(),
});

type DocumentFacts = { name: string; redirectUris: string[]; scopes: string[] };

/** Kept between fetches, per process (Cache-Control's max-age within these bounds). */
const MIN_CACHE_SECONDS = 60;
const MAX_CACHE_SECONDS = 24 * 60 * 60;
const DEFAULT_CACHE_SECONDS = 5 * 60;
/** A refused document is asked again after this: a fix shows soon, a broken URL is not hammered. */
const FAILURE_CACHE_SECONDS = 30;
const MAX_CACHED_DOCUMENTS = 500;

const cache = new Map<
  string,
  { facts: DocumentFacts | string; until: number }
>();

/** Seconds a document may be kept by its Cache-Control: 0 for no-store and no-cache. */
export function cacheSeconds(cacheControl: string | null): number {
  const directives = (cacheControl ?? "").toLowerCase();
  if (/(^|[\s,])(no-store|no-cache)\b/.test(directives)) return 0;
  const maxAge = /(?:^|[\s,])max-age\s*=\s*"?(\d+)/.exec(directives)?.[1];
  if (maxAge === undefined) return DEFAULT_CACHE_SECONDS;
  return Math.min(
    MAX_CACHE_SECONDS,
    Math.max(MIN_CACHE_SECONDS, Number(maxAge)),
  );
}

function remember(url: string, facts: DocumentFacts | string, seconds: number) {
  if (seconds <= 0) return;
  cache.delete(url);
  cache.set(url, { facts, until: Date.now() + seconds * 1000 });
  const oldest = cache.keys().next().value;
  if (cache.size > MAX_CACHED_DOCUMENTS && oldest !== undefined)
    cache.delete(oldest);
}

/** The document's host is named with the client: users see whose domain they are trusting. */
function displayName(url: URL, clientName: string | undefined): string {
  const name = clientName?.trim() ?? "";
  return (name === "" ? url.host : `${name} (${url.host})`).slice(0, 255);
}

async function validated(
  ctx: Pick<Context, "config" | "db">,
  url: string,
  body: string,
): Promise<DocumentFacts> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ClientDocumentError("the document is not JSON");
  }
  const parsed = documentSchema.safeParse(json);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "body");
    throw new ClientDocumentError(
      `the document's ${field} is invalid or not supported: such a client is public (token_endpoint_auth_method "none") and uses the authorization code grant`,
    );
  }
  const fields = parsed.data;
  if (fields.client_id !== url)
    throw new ClientDocumentError("the document's client_id is not its URL");
  try {
    return {
      name: displayName(new URL(url), fields.client_name),
      redirectUris: validRedirects(ctx, fields.redirect_uris),
      scopes: await grantedScopes(ctx, fields.scope),
    };
  } catch (error) {
    if (error instanceof OAuthError)
      throw new ClientDocumentError(error.description);
    throw error;
  }
}

/** The document's facts, from the cache or fetched; a refusal is a ClientDocumentError. */
async function documentFacts(
  ctx: Pick<Context, "config" | "db">,
  url: string,
): Promise<{ facts: DocumentFacts; fresh: boolean }> {
  const cached = cache.get(url);
  if (cached && cached.until > Date.now()) {
    if (typeof cached.facts === "string")
      throw new ClientDocumentError(cached.facts);
    return { facts: cached.facts, fresh: false };
  }
  try {
    const fetched = await fetchClientDocument(
      new URL(url),
      ctx.config.oauth["client-metadata-allow-private-addresses"],
    );
    const facts = await validated(ctx, url, fetched.body);
    remember(url, facts, cacheSeconds(fetched.cacheControl));
    return { facts, fresh: true };
  } catch (error) {
    if (
      !(error instanceof ClientDocumentError) &&
      !(error instanceof DocumentFetchError)
    )
      throw error;
    const problem = `The client metadata document could not be used: ${error.message}.`;
    remember(url, problem, FAILURE_CACHE_SECONDS);
    throw new ClientDocumentError(problem);
  }
}

/**
 * The client a metadata document URL names: its row made on first use, brought up to date when
 * the document is fetched again, and null once an administrator revoked it (the revocation
 * stays: a new fetch never clears it). Throws ClientDocumentError when the document is unusable.
 */
export async function documentClient(
  ctx: Pick<Context, "db" | "config" | "now">,
  url: string,
): Promise<OAuthClient | null> {
  if ((await clientKeyKind(ctx.db)) === "integer")
    throw new ClientDocumentError(
      "This server's clients are numbered (Passport 12's table): clients by metadata document need UUID keys.",
    );
  const { facts, fresh } = await documentFacts(ctx, url);
  const id = documentClientKey(url);
  const [existing] = await ctx.db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.id, id))
    .limit(1);
  if (existing && !fresh) return existing.revoked ? null : existing;
  const values = {
    name: facts.name,
    redirectUris: JSON.stringify(facts.redirectUris),
    grantTypes: JSON.stringify(["authorization_code", "refresh_token"]),
    scopes: JSON.stringify(facts.scopes),
    updatedAt: ctx.now,
  };
  const client = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(oauthClients)
      .values({
        id,
        userId: null,
        secret: null,
        provider: null,
        revoked: false,
        createdAt: ctx.now,
        ...values,
      })
      .onConflictDoUpdate({ target: oauthClients.id, set: values })
      .returning();
    // Registered like a client of POST /oauth/register: pruned when left unused (record 052).
    await tx
      .insert(oauthClientSettings)
      .values({ clientId: id, registeredAt: ctx.now })
      .onConflictDoNothing();
    return row;
  });
  return client && !client.revoked ? client : null;
}

/** Forgets every cached document: for tests that serve one document in several versions. */
export const forgetClientDocuments = () => cache.clear();
