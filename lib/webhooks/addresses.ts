import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Which addresses a webhook may not reach unless `webhooks.allow-private-addresses` (decision
 * record 022): loopback, private, link-local, shared (CGNAT), unique-local, multicast, reserved,
 * documentation and unspecified ranges, and IPv6 forms that embed an IPv4 address.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), compatible or NAT64 (64:ff9b::) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const match =
    /^(?:::ffff:|::|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
      address,
    );
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2] ?? "0", 16);
  const low = parseInt(match[3] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for any address a webhook must not reach by default; anything that is not an IP address counts as private. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIpv4(address.toLowerCase());
  if (inner) return blocked.check(inner, "ipv4");
  return blocked.check(address, "ipv6");
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
