import { describe, expect, it } from "vitest";
import { corsPolicy, statefulPolicy } from "@/lib/http/stateful";
import { ConfigError } from "@/lib/config/errors";
import {
  matchesOrigin,
  namesOriginForCredentials,
  originPolicy,
} from "@/lib/http/origins";

const development = {
  APP_URL: "https://app.example.test",
  isProduction: false,
};
const production = { APP_URL: "https://app.example.test", isProduction: true };

describe("origin patterns (decision record 006)", () => {
  it("compares scheme, host and port: https://app is not http://app", () => {
    const policy = statefulPolicy({
      ...production,
      SANCTUM_STATEFUL_DOMAINS: undefined,
    });
    expect(matchesOrigin(policy, "https://app.example.test")).toBe(true);
    expect(matchesOrigin(policy, "https://app.example.test:443")).toBe(true);
    expect(matchesOrigin(policy, "http://app.example.test")).toBe(false);
    expect(matchesOrigin(policy, "https://app.example.test:8443")).toBe(false);
    expect(matchesOrigin(policy, "https://app.example.test.evil.test")).toBe(
      false,
    );
  });

  it("reads an entry without a scheme with APP_URL's scheme", () => {
    const policy = statefulPolicy({
      ...production,
      SANCTUM_STATEFUL_DOMAINS: "spa.example.test,*.example.org:8080",
    });
    expect(matchesOrigin(policy, "https://spa.example.test")).toBe(true);
    expect(matchesOrigin(policy, "http://spa.example.test")).toBe(false);
    expect(matchesOrigin(policy, "https://a.example.org:8080")).toBe(true);
    expect(matchesOrigin(policy, "http://a.example.org:8080")).toBe(false);
    expect(matchesOrigin(policy, "https://a.example.org")).toBe(false);
  });

  it("takes the scheme an entry names", () => {
    const policy = statefulPolicy({
      ...production,
      SANCTUM_STATEFUL_DOMAINS:
        "http://legacy.example.test:8000,https://spa.example.test:443/",
    });
    expect(matchesOrigin(policy, "http://legacy.example.test:8000")).toBe(true);
    expect(matchesOrigin(policy, "https://legacy.example.test:8000")).toBe(
      false,
    );
    expect(matchesOrigin(policy, "https://spa.example.test")).toBe(true);
  });

  it("lets a loopback entry match http in development only", () => {
    const domains = "localhost:5173";
    expect(
      matchesOrigin(
        statefulPolicy({ ...development, SANCTUM_STATEFUL_DOMAINS: domains }),
        "http://localhost:5173",
      ),
    ).toBe(true);
    expect(
      matchesOrigin(
        statefulPolicy({ ...development, SANCTUM_STATEFUL_DOMAINS: domains }),
        "https://localhost:5173",
      ),
    ).toBe(true);
    expect(
      matchesOrigin(
        statefulPolicy({ ...production, SANCTUM_STATEFUL_DOMAINS: domains }),
        "http://localhost:5173",
      ),
    ).toBe(false);
  });

  it("keeps the documented defaults: APP_URL's origin, and loopback on any port outside production", () => {
    const dev = statefulPolicy({
      APP_URL: "http://localhost:3000",
      isProduction: false,
      SANCTUM_STATEFUL_DOMAINS: undefined,
    });
    for (const origin of [
      "http://localhost:3000",
      "http://localhost:5173",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
      "http://localhost",
    ]) {
      expect(matchesOrigin(dev, origin), origin).toBe(true);
    }
    expect(matchesOrigin(dev, "http://example.test")).toBe(false);
    const prod = statefulPolicy({
      ...production,
      SANCTUM_STATEFUL_DOMAINS: undefined,
    });
    expect(matchesOrigin(prod, "http://localhost:5173")).toBe(false);
    expect(prod.sources).toEqual(["https://app.example.test"]);
  });

  it("never grants credentials to an entry whose host is `*`", () => {
    const stateful = statefulPolicy({
      ...production,
      SANCTUM_STATEFUL_DOMAINS: undefined,
    });
    const cors = corsPolicy(
      { ...production, CORS_ALLOWED_ORIGINS: "*,https://*:*,spa.example.test" },
      stateful,
    );
    expect(matchesOrigin(cors, "https://evil.example.test")).toBe(true);
    expect(namesOriginForCredentials(cors, "https://evil.example.test")).toBe(
      false,
    );
    expect(namesOriginForCredentials(cors, "https://spa.example.test")).toBe(
      true,
    );
  });

  it("refuses what is not an origin pattern, naming the variable", () => {
    const rule = { appScheme: "https", loopbackHttp: false };
    for (const entry of [
      "ftp://files.example.test",
      "https://app.example.test/path",
      "user@app.example.test",
      "app.example.test:port",
    ]) {
      expect(
        () => originPolicy([entry], rule, "CORS_ALLOWED_ORIGINS"),
        entry,
      ).toThrow(ConfigError);
    }
    expect(() =>
      originPolicy(["ftp://x"], rule, "CORS_ALLOWED_ORIGINS"),
    ).toThrow(/^CORS_ALLOWED_ORIGINS: /);
  });
});
