import { describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/config/auth";
import { resolveMiddleware } from "@/lib/server/middleware";
import { middlewareTable } from "@/lib/server/route-rules";
import { configError } from "@/lib/config/errors.testing";
import { registerAuthMiddleware } from "@/lib/auth/middleware/built-in";

registerAuthMiddleware();

const resolveError = (spec: string) =>
  configError(() => resolveMiddleware(spec, "KEY"));

describe("resolveMiddleware (the middleware registry)", () => {
  it("resolves the names contract §4 uses, with their arguments parsed", () => {
    expect(resolveMiddleware("auth:sanctum", "k")).toMatchObject({
      name: "auth",
      args: "sanctum",
    });
    expect(resolveMiddleware("guest", "k")).toMatchObject({ name: "guest" });
    expect(resolveMiddleware("signed", "k")).toMatchObject({ name: "signed" });
    expect(resolveMiddleware("throttle:6,1", "k")).toMatchObject({
      name: "throttle",
      args: { maxAttempts: 6, decaySeconds: 60 },
    });
    expect(resolveMiddleware("abilities:read,write", "k")).toMatchObject({
      name: "abilities",
      args: ["read", "write"],
    });
    expect(resolveMiddleware("ability:read", "k")).toMatchObject({
      name: "ability",
      args: ["read"],
    });
  });

  it("rejects an unknown middleware name, naming the key", () => {
    const error = resolveError("no-such-middleware");
    expect(error.key).toBe("KEY");
    expect(error.message).toContain('unknown middleware "no-such-middleware"');
  });

  it("rejects bad throttle arguments", () => {
    for (const spec of [
      "throttle",
      "throttle:x,1",
      "throttle:0,1",
      "throttle:6,0",
      "throttle:6,",
      "throttle:6,1,2",
      "throttle:1.5,1",
    ]) {
      expect(resolveError(spec).message).toContain("throttle");
    }
  });

  it("rejects bad arguments of the other middleware", () => {
    expect(resolveError("auth:admin").message).toContain("guard");
    expect(resolveError("guest:web").message).toContain("takes no arguments");
    expect(resolveError("signed:relative").message).toContain(
      "takes no arguments",
    );
    expect(resolveError("abilities").message).toContain("ability");
    expect(resolveError("ability:a,,b").message).toContain("ability");
  });
});

describe("middlewareTable", () => {
  it("rejects an unknown name in routes.middlewares, naming the action's key", () => {
    const config = buildAuthConfig({
      AUTH_CONFIG_JSON: JSON.stringify({
        routes: { middlewares: { tokens: ["auth:sanctum", "nope"] } },
      }),
    });
    expect(() => middlewareTable(config)).toThrow(
      /AUTH_CONFIG_JSON routes\.middlewares\.tokens\.1: unknown middleware "nope"/,
    );
  });

  it("resolves the defaults", () => {
    const table = middlewareTable(buildAuthConfig({}));
    // The route's declared token ability runs right after its guard (decision record 011).
    expect(table.get("verification-verify")?.map((step) => step.name)).toEqual([
      "auth",
      "token-ability",
      "signed",
      "throttle",
    ]);
    expect(table.get("verification-verify")?.[0]?.args).toBe("web");
    // The credential class's guard (decision record 028) right after the token's check.
    expect(table.get("update-password")?.map((step) => step.name)).toEqual([
      "auth",
      "token-ability",
      "credential-class",
      "throttle",
    ]);
    // A read open to any token still asks an app's token for a scope (decision record 082).
    expect(table.get("tokens")?.map((step) => step.name)).toEqual([
      "auth",
      "token-ability",
    ]);
    expect(table.get("create-token")?.map((step) => step.name)).toEqual([
      "credential-class",
      "throttle",
      "throttle",
    ]);
  });
});
