import { describe, expect, it } from "vitest";
import type { AuthConfig } from "@/lib/config/auth";
import { ACTION_NAMES, AUTH_ACTIONS } from "@/lib/config/auth-actions";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import type { Endpoint } from "@/lib/server/endpoint";
import type { RouteContract } from "@/lib/config/route-contract";
import { ACTION_ENDPOINTS, HOST_ROUTES } from "@/lib/runtime/routes";
import { inputSchema, jsonSchema } from "@/lib/runtime/openapi/schemas";

// Capabilities off by default are described on: off, their endpoints read no field (404 first).
const config = {
  ...AUTH_DEFAULTS,
  features: { passwordless: true },
} as unknown as AuthConfig;
// Accepted everywhere and never read (lib/validation/rules.ts IGNORED_FIELDS).
const IGNORED = new Set(["_token", "redirect"]);

const fields = (schema: Record<string, unknown> | null): string[] =>
  Object.keys((schema?.properties ?? {}) as object)
    .filter((field) => !IGNORED.has(field))
    .sort();

function expectSameFields(
  route: RouteContract & { method: string },
  endpoint: Endpoint,
) {
  const served =
    route.method === "GET" ? [] : fields(inputSchema(endpoint, config));
  const declared = route.input ? fields(jsonSchema(route.input, "input")) : [];
  expect(declared).toEqual(served);
}

// Decision record 062: the row's input is what the client is typed from; the endpoint validates
// with its configured rules. Both name the same fields (the output is checked on every answer
// of the http tests: test/support/contract.ts).
describe("the route rows' schemas", () => {
  it.each(ACTION_NAMES)(
    "%s: the row's input names the endpoint's fields, and it declares an output",
    (action) => {
      const row = AUTH_ACTIONS[action];
      expect(row.output).toBeDefined();
      expectSameFields(row, ACTION_ENDPOINTS[action]);
    },
  );

  it.each(HOST_ROUTES.filter((route) => route.input && route.method !== "GET"))(
    "$name: the contract's input names the endpoint's fields",
    (route) =>
      expectSameFields(
        {
          ...route,
          method: String(route.method),
          output: route.output ?? "file",
        },
        route.endpoint,
      ),
  );
});
