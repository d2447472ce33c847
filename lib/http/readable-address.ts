import ipaddr from "ipaddr.js";

/**
 * An address as people read it: `127.0.0.1`, not the IPv4-mapped `::ffff:127.0.0.1` a
 * dual-stack socket reports. Anything that is not an address comes back as it is. Shared by the
 * server (a token's last address) and the screens (sessions, the activity log).
 */
export function readableAddress(address: string | null): string | null {
  if (address === null || !ipaddr.isValid(address)) return address;
  return ipaddr.process(address).toString();
}
