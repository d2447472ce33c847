/**
 * Whether a page on `hostname` can use passkeys of the relying party `rpId` (WebAuthn: the RP id
 * must be the page's host or a registrable domain it is under). An address (`127.0.0.1`,
 * `[::1]`) is never one: its ceremony ends in a SecurityError before anyone acts.
 */
export function isPasskeyHost(hostname: string, rpId: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const id = rpId.toLowerCase().replace(/\.$/, "");
  if (host === "" || id === "" || isAddress(host) || isAddress(id))
    return false;
  return host === id || host.endsWith(`.${id}`);
}

/** An IP literal as a URL's hostname writes it: dotted IPv4, or IPv6 in brackets. */
function isAddress(host: string): boolean {
  return /^\[.*\]$/.test(host) || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}
