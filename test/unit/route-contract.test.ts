import { describe, expect, it } from "vitest";
import type { AuthConfig } from "@/lib/config/auth";
import { ACTION_NAMES, AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import type { Endpoint } from "@/lib/server/endpoint";
import type { RouteContract } from "@/lib/contract/route-contract";
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

// Decision record 062: the row's input is what the client is typed from. An endpoint bound to its
// row (decision record 094) validates the row's own fields, under its rules, and tsc checks the
// rest; an endpoint not yet bound declares its fields again, and both must name the same (the
// output is checked on every answer of the http tests: test/support/contract.ts).
const BOUND = ACTION_NAMES.filter((action) => ACTION_ENDPOINTS[action].row);
const UNBOUND = ACTION_NAMES.filter((action) => !ACTION_ENDPOINTS[action].row);

describe("the route rows' schemas", () => {
  it.each(ACTION_NAMES)("%s: its row declares an output", (action) => {
    expect(AUTH_ACTIONS[action].output).toBeDefined();
  });

  it.each(BOUND)("%s: its endpoint is bound to its own row", (action) => {
    expect(ACTION_ENDPOINTS[action].row).toBe(AUTH_ACTIONS[action]);
  });

  it.each(UNBOUND)(
    "%s: the row's input names the endpoint's fields",
    (action) =>
      expectSameFields(AUTH_ACTIONS[action], ACTION_ENDPOINTS[action]),
  );

  it.each(HOST_ROUTES.filter((route) => route.endpoint.row))(
    "$name: its endpoint is bound to its own contract",
    (route) => {
      expect(route.endpoint.row?.input).toBe(route.input);
      expect(route.endpoint.row?.output).toBe(route.output);
    },
  );

  it.each(
    HOST_ROUTES.filter(
      (route) => route.input && route.method !== "GET" && !route.endpoint.row,
    ),
  )("$name: the contract's input names the endpoint's fields", (route) =>
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
