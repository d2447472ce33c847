import { describe, expect, it } from "vitest";
import { readableAddress } from "@/lib/http/readable-address";

describe("readableAddress", () => {
  it("writes an IPv4-mapped IPv6 address as the IPv4 one", () => {
    expect(readableAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(readableAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keeps IPv4 and other IPv6 addresses, in their usual form", () => {
    expect(readableAddress("192.168.1.10")).toBe("192.168.1.10");
    expect(readableAddress("2001:db8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(readableAddress("::1")).toBe("::1");
  });

  it("leaves what is not an address, and null, as it is", () => {
    expect(readableAddress("unknown")).toBe("unknown");
    expect(readableAddress("")).toBe("");
    expect(readableAddress(null)).toBeNull();
  });
});
