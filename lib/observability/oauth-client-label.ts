/**
 * The `client` label of `auth_oauth_client_requests_total` (decision record 051). Only a verified
 * access token whose row exists names a client, so nobody can invent ids; but clients register
 * themselves (RFC 7591), so their number has no bound. Each process labels the first
 * `MAX_LABELLED` clients it sees by id and counts the rest as "other": at most 101 series.
 */
const MAX_LABELLED = 100;
const labelled = new Set<string>();

export function oauthClientLabel(clientId: string): string {
  if (labelled.has(clientId)) return clientId;
  if (labelled.size >= MAX_LABELLED) return "other";
  labelled.add(clientId);
  return clientId;
}
