import { describe, expect, it } from "vitest";
import {
  isPrivateAddress,
  RefusedAddressError,
  resolveAllowed,
} from "@/lib/http/outbound-addresses";

describe("addresses a webhook may not reach by default", () => {
  it.each([
    "127.0.0.1",
    "127.9.9.9",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a9fe:a9fe",
    // IPv6 forms that embed IPv4 (decision record 028): translated, local-use NAT64, 6to4, Teredo.
    "::ffff:0:127.0.0.1",
    "::ffff:0:7f00:1",
    "64:ff9b:1::7f00:1",
    "2002:7f00:1::1",
    "2002:a00:1::1",
    // Teredo: server 8.8.8.8, client 127.0.0.1 (stored inverted); then a documentation client.
    "2001:0:808:808::80ff:fffe",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    // Deprecated IPv4-compatible (::7f00:1 is 127.0.0.1), site-local, documentation, discard.
    "::7f00:1",
    "fec0::1",
    "2001:db8::1",
    "100::1",
    "not-an-address",
    "127.1",
  ])("%s is refused", (address) =>
    expect(isPrivateAddress(address)).toBe(true),
  );

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("%s is allowed", (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it("resolves names and refuses one that points at loopback unless private addresses are allowed", async () => {
    await expect(resolveAllowed("localhost", false)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(resolveAllowed("127.0.0.1", false)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    expect((await resolveAllowed("127.0.0.1", true))[0]?.address).toBe(
      "127.0.0.1",
    );
  });
});
