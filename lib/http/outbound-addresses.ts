import "server-only";
// The outbound guard of every request this server makes to an address someone else chose: webhooks
// (decision record 022) and OAuth clients' metadata documents (decision record 102).
import { lookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// Ranges ipaddr.js reads as plain unicast that never lead to a public host: the deprecated
// IPv4-compatible ::/96 (::7f00:1 is 127.0.0.1) and RFC 8215's local-use NAT64 prefix, whose
// embedded address sits at bits ipaddr.js does not extract.
const NEVER = [ipaddr.parseCIDR("::/96"), ipaddr.parseCIDR("64:ff9b:1::/48")];

const v4 = (high: number, low: number) =>
  ipaddr.fromByteArray([high >> 8, high & 255, low >> 8, low & 255]);

/**
 * The IPv4 addresses an IPv6 address carries, by its range: mapped (::ffff:0:0/96), translated
 * (::ffff:0:0:0/96, RFC 6145), NAT64 (64:ff9b::/96, RFC 6052), 6to4 (2002::/16) and Teredo
 * (2001::/32: its server, and its client stored inverted).
 */
function embeddedIpv4(address: ipaddr.IPv6): Address[] {
  const parts = address.parts;
  const at = (index: number) => parts[index] ?? 0;
  switch (address.range()) {
    case "ipv4Mapped":
    case "rfc6145":
    case "rfc6052":
      return [v4(at(6), at(7))];
    case "6to4":
      return [v4(at(1), at(2))];
    case "teredo":
      return [v4(at(2), at(3)), v4(~at(6) & 0xffff, ~at(7) & 0xffff)];
    default:
      return [];
  }
}

/**
 * Whether an outbound request (a webhook, a client's metadata document) may reach `address` by default (decision records 022, 028): only ipaddr.js's
 * `unicast` range, and for an IPv6 address that embeds IPv4 ones, each of those unicast too.
 * Loopback, private, link-local, shared (CGNAT), unique-local, site-local, multicast, reserved,
 * documentation and unspecified ranges are refused; anything that is not an IP address as well.
 */
function isPublicAddress(address: Address): boolean {
  if (address.kind() === "ipv4") return address.range() === "unicast";
  const v6 = address as ipaddr.IPv6;
  if (NEVER.some((range) => v6.match(range))) return false;
  const inner = embeddedIpv4(v6);
  if (inner.length > 0) return inner.every(isPublicAddress);
  return v6.range() === "unicast";
}

/** True for any address a webhook must not reach by default; anything that is not an IP address counts as private. */
export function isPrivateAddress(address: string): boolean {
  // node:net's isIP first: ipaddr.js also reads the classful forms ("127.1", "0x7f.1") a URL never has.
  if (isIP(address) === 0) return true;
  return !isPublicAddress(ipaddr.parse(address));
}

/** A URL's host without IPv6 brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is a private, loopback or reserved address`);
    this.name = "RefusedAddressError";
  }
}

/**
 * Every address `host` resolves to, refused (RefusedAddressError) when one of them is private
 * and private addresses are not allowed: a name that resolves to a public and a private address
 * could otherwise be connected to either.
 */
export async function resolveAllowed(
  host: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
  const refused = allowPrivate
    ? undefined
    : addresses.find((entry) => isPrivateAddress(entry.address));
  if (refused) throw new RefusedAddressError(refused.address);
  return addresses;
}

/**
 * The connection's lookup: the host is resolved here, at delivery time, checked, and the checked
 * address is the one connected to — a name that changed to a private address since it was
 * registered (DNS rebinding) is refused, and there is no second resolution to race.
 */
export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, allowPrivate).then(
      (addresses) => {
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first)
          return callback(
            new Error(`${hostname} resolves to no address`),
            "",
            0,
          );
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, "", 0),
    );
  };
}
