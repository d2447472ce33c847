import { describe, expect, it } from "vitest";
import { build } from "@/lib/config/auth.testing";
import { configError } from "@/lib/config/errors.testing";

// Decision record 011: the values AUTH_CONFIG_JSON may hold, refused at start naming the key.
const NUMERIC_BOUNDS: [
  string,
  Record<string, unknown>,
  Record<string, unknown>,
][] = [
  [
    "password.length",
    { password: { length: 128 } },
    { password: { length: 129 } },
  ],
  [
    "limits.login-attempts",
    { limits: { "login-attempts": 1000 } },
    { limits: { "login-attempts": 1001 } },
  ],
  [
    "limits.login-decay-seconds",
    { limits: { "login-decay-seconds": 86_400 } },
    { limits: { "login-decay-seconds": Number.MAX_SAFE_INTEGER } },
  ],
  [
    "limits.account-failures-before-delay",
    { limits: { "account-failures-before-delay": 1000 } },
    { limits: { "account-failures-before-delay": 1001 } },
  ],
  [
    "limits.account-max-delay-seconds",
    { limits: { "account-max-delay-seconds": 86_400 } },
    { limits: { "account-max-delay-seconds": 86_401 } },
  ],
  [
    "limits.impersonation-token-ttl",
    { limits: { "impersonation-token-ttl": 3600 } },
    { limits: { "impersonation-token-ttl": 3601 } },
  ],
  [
    "limits.impersonation-max-duration",
    { limits: { "impersonation-max-duration": 86_400 } },
    { limits: { "impersonation-max-duration": 86_401 } },
  ],
  [
    "limiters.login.0.max",
    { limiters: { login: [{ by: "ip", max: 100_000, minutes: 1 }] } },
    { limiters: { login: [{ by: "ip", max: 100_001, minutes: 1 }] } },
  ],
  [
    "limiters.login.0.minutes",
    { limiters: { login: [{ by: "ip", max: 1, minutes: 1440 }] } },
    { limiters: { login: [{ by: "ip", max: 1, minutes: 1441 }] } },
  ],
  [
    "verification.expire",
    { verification: { expire: 10_080 } },
    { verification: { expire: 10_081 } },
  ],
  [
    "passwords.expire",
    { passwords: { expire: 1440 } },
    { passwords: { expire: 1441 } },
  ],
  ["hashing.rounds", { hashing: { rounds: 15 } }, { hashing: { rounds: 16 } }],
  [
    "uploads.max-kilobytes",
    { uploads: { "max-kilobytes": 20_480 } },
    { uploads: { "max-kilobytes": 20_481 } },
  ],
];

describe("numeric bounds of the auth configuration (decision 011)", () => {
  it.each(NUMERIC_BOUNDS)(
    "%s: the bound is accepted, one more is refused naming the key",
    (key, atBound, beyond) => {
      expect(() => build(atBound)).not.toThrow();
      expect(configError(() => build(beyond)).key).toBe(
        `AUTH_CONFIG_JSON ${key}`,
      );
    },
  );

  it("refuses zero and negative numbers", () => {
    expect(
      configError(() => build({ limits: { "login-decay-seconds": 0 } })).key,
    ).toBe("AUTH_CONFIG_JSON limits.login-decay-seconds");
    expect(
      configError(() => build({ uploads: { "max-kilobytes": -1 } })).key,
    ).toBe("AUTH_CONFIG_JSON uploads.max-kilobytes");
  });
});

describe("routes.redirects.* (decision 011: internal paths only)", () => {
  it.each([
    "https://evil.example/",
    "http://localhost:3000/admin",
    "//evil.example",
    "/\\evil.example",
    "admin",
    "javascript:alert(1)",
    "",
  ])("refuses %j at start, naming the key", (target) => {
    expect(
      configError(() => build({ routes: { redirects: { register: target } } }))
        .key,
    ).toBe("AUTH_CONFIG_JSON routes.redirects.register");
  });

  it("accepts an internal path with a query", () => {
    expect(
      build({ routes: { redirects: { register: "/welcome?new=1" } } }).routes
        .redirects.register,
    ).toBe("/welcome?new=1");
  });
});
