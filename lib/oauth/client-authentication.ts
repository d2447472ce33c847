import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { type OAuthClient, oauthClientSettings } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/passwords";
import { safeEqual } from "@/lib/crypto/secrets";
import type { Context } from "@/lib/server/context";
import { noteClientUse } from "@/lib/oauth/client-usage";
import {
  ClientDocumentError,
  documentClient,
  documentClientKey,
  isDocumentClientId,
} from "@/lib/oauth/client-metadata-documents";
import { findClient } from "@/lib/oauth/clients";
import { invalidClient, invalidRequest, OAuthError } from "@/lib/oauth/errors";
import { rememberVerified, verifiedBefore } from "@/lib/oauth/verified-secrets";

// How a client proves who it is at the token, revocation, introspection and device endpoints:
// league's `validateClient`, and the URL of a metadata document for a public client (record 102).

/**
 * Passport 13 stores bcrypt hashes; Passport 12 and older stored the secret as it is. A secret
 * bcrypt accepted once is then recognised by a keyed hash (lib/oauth/verified-secrets.ts); a
 * wrong one always costs bcrypt's work.
 */
async function secretMatches(
  clientId: string,
  stored: string,
  presented: string,
): Promise<boolean> {
  if (!isBcrypt(stored)) return safeEqual(stored, presented);
  if (verifiedBefore(clientId, stored, presented)) return true;
  const matches = await verifyPassword(presented, stored);
  if (matches) rememberVerified(clientId, stored, presented);
  return matches;
}

const isBcrypt = (stored: string) => /^\$2[aby]\$\d\d\$/.test(stored);

/** Whether `presented` is the stored secret without bcrypt's work: as stored, or verified before by this process. */
export const secretKnown = (
  clientId: string,
  stored: string,
  presented: string,
): boolean =>
  isBcrypt(stored)
    ? verifiedBefore(clientId, stored, presented)
    : safeEqual(stored, presented);

function basicCredentials(
  header: string | null,
): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon === -1) return null;
  // RFC 6749 §2.3.1: both parts are form-urlencoded inside the header.
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return null;
  }
}

/** The client's credentials as presented: its id (required), its secret if any, and whether in a header. */
export type PresentedClient = {
  id: string;
  secret: unknown;
  sentAuthorization: boolean;
};

/**
 * How the client calling the token, revocation or introspection endpoint presents itself
 * (league's `validateClient`): HTTP Basic (client_secret_basic) or `client_id` and
 * `client_secret` in the body (client_secret_post); a public client sends its id only.
 */
export function presentedClient(
  ctx: Context,
  input: Record<string, unknown>,
): PresentedClient {
  const header = ctx.request.headers.get("authorization");
  const basic = basicCredentials(header);
  const id = basic?.id ?? input.client_id;
  if (typeof id !== "string" || id === "") throw invalidRequest("client_id");
  return {
    id,
    secret: basic?.secret ?? input.client_secret,
    sentAuthorization: header !== null,
  };
}

/**
 * The id of the row a presented client id names: a metadata document's URL names its row by a
 * UUID of the URL (record 102), read in the same statement as any other client's (record 104).
 */
export const clientRowId = (presented: PresentedClient) =>
  isDocumentClientId(presented.id)
    ? documentClientKey(presented.id)
    : presented.id;

/**
 * The client `row` (read by the caller: null for none, or revoked) if `presented` proves it:
 * the secret of a confidential client, none from a public one. Anything else: invalid_client.
 * A metadata document's client is the document as fetched now (cached by its HTTP rules): a row
 * the caller read is only its last copy. `noteUse: false` leaves the client's use to the
 * caller's own write (lib/oauth/issue.ts).
 */
export async function acceptClient(
  ctx: Context,
  row: OAuthClient | null,
  presented: PresentedClient,
  { noteUse = true }: { noteUse?: boolean } = {},
): Promise<OAuthClient> {
  const { secret, sentAuthorization } = presented;
  const client = isDocumentClientId(presented.id)
    ? await documentClientOrRefusal(ctx, presented.id, sentAuthorization)
    : row;
  if (!client) throw invalidClient(sentAuthorization);
  if (client.secret === null) {
    if (secret !== undefined && secret !== null && secret !== "")
      throw invalidClient(sentAuthorization);
  } else if (
    typeof secret !== "string" ||
    !(
      (await secretMatches(client.id, client.secret, secret)) ||
      (await previousSecretMatches(ctx, client.id, secret))
    )
  )
    throw invalidClient(sentAuthorization);
  if (noteUse) noteClientUse(ctx, client.id);
  return client;
}

/** The calling client, authenticated: `presentedClient` read by `findClient` and `acceptClient`. */
export async function authenticateClient(
  ctx: Context,
  input: Record<string, unknown>,
): Promise<OAuthClient> {
  const presented = presentedClient(ctx, input);
  const row = isDocumentClientId(presented.id)
    ? null
    : await findClient(ctx.db, presented.id);
  return acceptClient(ctx, row, presented);
}

/** A metadata document client (decision record 102); an unusable document is invalid_client with why. */
async function documentClientOrRefusal(
  ctx: Context,
  url: string,
  sentAuthorization: boolean,
): Promise<OAuthClient | null> {
  try {
    return await documentClient(ctx, url);
  } catch (error) {
    if (!(error instanceof ClientDocumentError)) throw error;
    const refused = invalidClient(sentAuthorization);
    throw new OAuthError(
      refused.error,
      refused.description,
      refused.status,
      error.message,
      refused.headers,
    );
  }
}

/**
 * During a rotation's overlap the replaced secret still authenticates (decision record 051).
 * Read only after the current secret failed, so a client using its current secret pays nothing.
 */
async function previousSecretMatches(
  ctx: Pick<Context, "db" | "now">,
  clientId: string,
  secret: string,
): Promise<boolean> {
  const [settings] = await ctx.db
    .select({ previousSecret: oauthClientSettings.previousSecret })
    .from(oauthClientSettings)
    .where(
      and(
        eq(oauthClientSettings.clientId, clientId),
        gt(oauthClientSettings.previousSecretExpiresAt, ctx.now),
      ),
    )
    .limit(1);
  return settings?.previousSecret
    ? secretMatches(clientId, settings.previousSecret, secret)
    : false;
}
