import { describe, expect, it } from "vitest";
import {
  isAllowedRedirectUri,
  isLoopbackHost,
  redirectUriProblem,
  selfRegisteredRedirectUriProblem,
} from "@/lib/policies/redirect-uri";

describe("the redirect URI rule (decision record 050, amendment 2026-12-02)", () => {
  it.each([
    "https://app.example/callback",
    "https://app.example:8443/cb?x=1",
    "HTTPS://App.Example/cb",
    "http://localhost:53682/callback",
    "http://127.0.0.1/cb",
    "http://127.8.9.10:80/cb",
    "http://[::1]:1234/cb",
    "com.example.app:/oauth2redirect/example-provider",
    "com.example.app://callback",
    "io.github.some-app+dev:/cb",
  ])("allows %s", (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
    expect(isAllowedRedirectUri(uri)).toBe(true);
  });

  it.each([
    ["javascript:alert(1)", "scheme"],
    ["JavaScript:alert(document.cookie)", "scheme"],
    ["data:text/html,<script>alert(1)</script>", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["vbscript:msgbox(1)", "scheme"],
    ["blob:https://app.example/0b5e", "scheme"],
    ["about:blank", "scheme"],
    ["view-source:https://app.example/", "scheme"],
    ["ws://app.example/socket", "scheme"],
    ["wss://app.example/socket", "scheme"],
    ["ftp://app.example/cb", "scheme"],
    ["myapp:/callback", "scheme"],
    ["http://app.example/cb", "scheme"],
    ["http://localhost.evil.example/cb", "scheme"],
    ["http://128.0.0.1/cb", "scheme"],
    ["https://app.example/cb#x", "fragment"],
    ["https://app.example/cb#", "fragment"],
    ["com.example.app:/cb#frag", "fragment"],
    ["/callback", "malformed"],
    ["app.example/cb", "malformed"],
    ["not a uri", "malformed"],
    ["", "malformed"],
    ["java\tscript:alert(1)", "malformed"],
    [" https://app.example/cb", "malformed"],
    ["https://app.example/c\nb", "malformed"],
  ])("refuses %s (%s)", (uri, problem) => {
    expect(redirectUriProblem(uri)).toBe(problem);
    expect(isAllowedRedirectUri(uri)).toBe(false);
  });

  it("knows the loopback hosts as the URL parser writes them", () => {
    expect(isLoopbackHost(new URL("http://2130706433/").hostname)).toBe(true);
    expect(isLoopbackHost(new URL("http://[0:0:0:0:0:0:0:1]/").hostname)).toBe(
      true,
    );
    expect(isLoopbackHost("127.0.0.1.evil.example")).toBe(false);
    expect(isLoopbackHost("[::2]")).toBe(false);
  });

  it.each([
    ["https://claude.ai/api/mcp/auth_callback", null],
    ["http://localhost:53682/callback", null],
    ["http://127.0.0.1:33418/cb", null],
    ["http://[::1]:8080/cb", null],
    ["com.example.app:/callback", "self-registered-scheme"],
    ["http://attacker.example/cb", "scheme"],
    ["javascript:alert(1)", "scheme"],
  ])(
    "for a client that registers itself, localhost or HTTPS only (decision record 085): %s",
    (uri, problem) => {
      expect(selfRegisteredRedirectUriProblem(uri)).toBe(problem);
    },
  );
});
