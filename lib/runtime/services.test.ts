import { describe, expect, it } from "vitest";
import { configError } from "@/lib/config/errors.testing";
import { createServices } from "@/lib/runtime/services";

const base = {
  NODE_ENV: "test",
  SESSION_SECRET: "s".repeat(32),
  DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
};

const startError = (env: Record<string, string>) =>
  configError(() => createServices({ ...base, ...env }));

describe("createServices: start-up stops on invalid configuration (docs/contract.md, Runtime)", () => {
  it("names the AUTH_CONFIG_JSON key of a wrong type", () => {
    expect(
      startError({ AUTH_CONFIG_JSON: '{"allow-registration": "no"}' }).key,
    ).toBe("AUTH_CONFIG_JSON allow-registration");
  });

  it("rejects an unknown provider driver in SERVICES_CONFIG_JSON, naming it", () => {
    const error = startError({
      SERVICES_CONFIG_JSON: JSON.stringify({
        acme: {
          driver: "myspace",
          client_id: "a",
          client_secret: "b",
          redirect: "/auth/social/acme/callback",
        },
      }),
    });
    expect(error.key).toBe("SERVICES_CONFIG_JSON acme.driver");
  });

  it("rejects a provider without a driver whose name is no known driver", () => {
    expect(
      startError({
        SERVICES_CONFIG_JSON: JSON.stringify({
          acme: { client_id: "a", client_secret: "b", redirect: "/x" },
        }),
      }).key,
    ).toBe("SERVICES_CONFIG_JSON acme.driver");
  });

  it("rejects malformed SERVICES_CONFIG_JSON", () => {
    expect(startError({ SERVICES_CONFIG_JSON: "{" }).key).toBe(
      "SERVICES_CONFIG_JSON",
    );
  });

  it("accepts a valid configuration", async () => {
    const services = createServices({
      ...base,
      ADMIN_EMAILS: "Root@Example.com",
      AUTH_CONFIG_JSON: '{"routes": {"prefix": "account"}}',
      SERVICES_CONFIG_JSON: JSON.stringify({
        github: {
          client_id: "a",
          client_secret: "b",
          redirect: "/auth/social/github/callback",
        },
      }),
    });
    expect(services.config.routes.prefix).toBe("account");
    expect(services.config.admins).toEqual(["Root@Example.com"]);
    expect(services.providers.github?.driver).toBe("github");
    await services.database.close();
  });
});
