import { describe, expect, it } from "vitest";
import { isPasskeyHost } from "@/lib/client/passkey-host";

describe("isPasskeyHost", () => {
  it("accepts the relying party's own host, and hosts under it", () => {
    expect(isPasskeyHost("example.com", "example.com")).toBe(true);
    expect(isPasskeyHost("app.example.com", "example.com")).toBe(true);
    expect(isPasskeyHost("a.b.example.com", "example.com")).toBe(true);
    expect(isPasskeyHost("localhost", "localhost")).toBe(true);
  });

  it("ignores case and a trailing dot", () => {
    expect(isPasskeyHost("App.Example.COM.", "example.com")).toBe(true);
  });

  it("refuses a host outside the relying party's domain", () => {
    expect(isPasskeyHost("example.org", "example.com")).toBe(false);
    expect(isPasskeyHost("notexample.com", "example.com")).toBe(false);
    expect(isPasskeyHost("example.com", "app.example.com")).toBe(false);
    expect(isPasskeyHost("localhost", "example.com")).toBe(false);
  });

  it("refuses an address, even when APP_URL is one", () => {
    expect(isPasskeyHost("127.0.0.1", "localhost")).toBe(false);
    expect(isPasskeyHost("127.0.0.1", "127.0.0.1")).toBe(false);
    expect(isPasskeyHost("[::1]", "[::1]")).toBe(false);
    expect(isPasskeyHost("192.168.1.20", "example.com")).toBe(false);
  });

  it("refuses an empty host or relying party", () => {
    expect(isPasskeyHost("", "example.com")).toBe(false);
    expect(isPasskeyHost("example.com", "")).toBe(false);
  });
});
