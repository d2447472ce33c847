import { ACTION_NAMES, AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { CREDENTIAL_CLASSES } from "@/lib/contract/credential-classes";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildAuthConfig } from "@/lib/config/auth";
import { compileRoutes } from "@/lib/server/match";
import {
  buildOpenApiDocument,
  type OpenApiDocument,
} from "@/lib/runtime/openapi/document";
import { openApiResponse } from "@/lib/runtime/openapi/serve";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import { ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import type { AgentResponse } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { discoverHostRoutes } from "../support/host-routes";

const app = useTestApp();
type Schema = Record<string, unknown>;

/** The document's schema with every `$ref` to its components replaced by the component itself. */
function resolve(node: unknown, document: OpenApiDocument): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(item, document));
  if (!node || typeof node !== "object") return node;
  const ref = (node as Schema).$ref;
  if (typeof ref === "string") {
    const name = ref.replace("#/components/schemas/", "");
    return resolve(
      (document.components as { schemas: Record<string, Schema> }).schemas[
        name
      ],
      document,
    );
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, resolve(value, document)]),
  );
}

/** The operation whose path template and method match a request, as a client reading the document would find it. */
function findOperation(
  document: OpenApiDocument,
  method: string,
  path: string,
) {
  for (const [template, methods] of Object.entries(document.paths)) {
    const pattern = new RegExp(
      `^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`,
    );
    const operation = (
      methods as Record<
        string,
        { responses: Record<string, Schema> } | undefined
      >
    )[method.toLowerCase()];
    if (pattern.test(path) && operation) return operation;
  }
  return null;
}

describe("the API description at /api/openapi.json", () => {
  it("describes every route of the table, as configured, and every host route", async () => {
    for (const env of [
      {},
      {
        AUTH_CONFIG_JSON: JSON.stringify({
          routes: {
            prefix: "account",
            uris: { login: "sign-in" },
            as: "acct.",
          },
        }),
      },
    ]) {
      const config = buildAuthConfig(env);
      const document = buildOpenApiDocument(config, {
        APP_URL: "https://auth.example.test",
        SESSION_COOKIE: "auth_session",
      });
      expect(document.openapi).toBe("3.1.0");
      expect(document.servers).toEqual([{ url: "https://auth.example.test" }]);
      const routes = compileRoutes(config.routes);
      expect(routes).toHaveLength(ACTION_NAMES.length);
      for (const route of routes) {
        const operation =
          document.paths[route.template]?.[route.method.toLowerCase() as "get"];
        expect(
          operation?.operationId,
          `${route.method} ${route.template}`,
        ).toBe(route.name);
        // Its credential class, and the step-up's 423 where the class asks for one (decision record 028).
        const credential = AUTH_ACTIONS[route.action].credential;
        expect(operation?.["x-credential-class"]).toBe(credential);
        expect(Boolean(operation?.responses["423"]), route.name).toBe(
          CREDENTIAL_CLASSES[credential].stepUp,
        );
      }
      for (const { template, route } of await discoverHostRoutes()) {
        const methods = Array.isArray(route.method)
          ? route.method
          : [route.method];
        for (const method of methods) {
          expect(
            document.paths[template]?.[method.toLowerCase() as "get"]
              ?.operationId,
            `${method} ${template}`,
          ).toBe(
            methods.length > 1
              ? `${route.name}.${method.toLowerCase()}`
              : route.name,
          );
        }
      }
      // OpenAPI asks every operationId to be unique.
      const ids = Object.values(document.paths).flatMap((operations) =>
        Object.values(operations).map((operation) => operation.operationId),
      );
      expect(new Set(ids).size).toBe(ids.length);
      for (const path of [
        "/sanctum/csrf-cookie",
        "/up",
        "/metrics",
        "/api/openapi.json",
        "/api/auth/providers",
      ])
        expect(document.paths[path]?.get).toBeDefined();
    }
    const moved = buildOpenApiDocument(
      buildAuthConfig({
        AUTH_CONFIG_JSON: JSON.stringify({
          routes: { prefix: "account", uris: { login: "sign-in" } },
        }),
      }),
      { APP_URL: "http://x", SESSION_COOKIE: "c" },
    );
    expect(moved.paths["/account/sign-in"]?.post?.operationId).toBe(
      "auth.login",
    );
    expect(moved.paths["/auth/login"]).toBeUndefined();
  });

  it("declares the CSRF and bearer schemes, with the input of each route from its zod schema", async () => {
    const response = openApiResponse(app.services);
    expect(response.headers.get("content-type")).toContain("application/json");
    const document = (await response.json()) as OpenApiDocument & {
      components: { securitySchemes: Schema };
    };
    expect(document.components.securitySchemes).toMatchObject({
      session: {
        type: "apiKey",
        in: "cookie",
        name: app.services.env.SESSION_COOKIE,
      },
      xsrf: { type: "apiKey", in: "header", name: "X-XSRF-TOKEN" },
      bearer: { type: "http", scheme: "bearer" },
    });
    const login = document.paths["/auth/login"]?.post;
    const body = (
      login?.requestBody as { content: Record<string, { schema: Schema }> }
    ).content["application/json"]?.schema;
    expect(body).toMatchObject({
      type: "object",
      required: ["email", "password"],
      additionalProperties: false,
    });
    expect(Object.keys(body?.properties as Schema)).toEqual(
      expect.arrayContaining(["email", "password", "remember"]),
    );
    expect(document.paths["/auth/update-password"]?.post?.security).toEqual([
      { session: [], xsrf: [] },
    ]);
    expect(
      document.paths["/auth/revoke-token"]?.post?.["x-token-ability"],
    ).toBe("tokens:write");
  });

  it("validates the real answers of a whole flow against the document", async () => {
    const document = (await openApiResponse(
      app.services,
    ).json()) as OpenApiDocument;
    const seen: { method: string; path: string; response: AgentResponse }[] =
      [];
    const record = async (
      method: string,
      path: string,
      call: Promise<AgentResponse>,
    ) => {
      const response = await call;
      seen.push({ method, path, response });
      return response;
    };
    const guest = app.agent();
    await guest.csrf();
    const email = "openapi@example.com";
    const registered = await record(
      "POST",
      "/auth/register",
      guest.post("/auth/register", {
        name: "O",
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      }),
    );
    const userId = registered.body.user.id as number;
    await record("GET", "/auth/get-auth", guest.get("/auth/get-auth"));
    await record(
      "POST",
      "/auth/email-verification-notification",
      guest.post("/auth/email-verification-notification"),
    );
    await record(
      "POST",
      "/auth/update-password",
      guest.post("/auth/update-password", {
        old_password: "wrong",
        password: "x",
        password_confirmation: "y",
      }),
    );
    await record("POST", "/auth/tokens", guest.post("/auth/tokens"));
    await record(
      "POST",
      "/auth/flush-tokens",
      guest.post("/auth/flush-tokens"),
    );
    await record(
      "PUT",
      "/api/app/user/update",
      guest.put(
        "/api/app/user/update",
        { user_id: userId, name: "Renamed" },
        { host: USER_UPDATE_ROUTE },
      ),
    );
    await record(
      "GET",
      "/api/admin/users",
      guest.get("/api/admin/users", { host: ADMIN_USERS_ROUTE }),
    );
    await record("POST", "/auth/logout", guest.post("/auth/logout"));
    await record(
      "POST",
      "/auth/login",
      guest.post("/auth/login", { email, password: "wrong" }),
    );
    await record(
      "POST",
      "/auth/login",
      guest.post(
        "/auth/login",
        { email, password: PASSWORD },
        { noCsrf: true },
      ),
    );
    await record(
      "POST",
      "/auth/forgot-password",
      guest.post("/auth/forgot-password", { email }),
    );
    await record(
      "POST",
      "/auth/reset-password",
      guest.post("/auth/reset-password", {
        token: "nope",
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      }),
    );
    const created = await record(
      "POST",
      "/auth/create-token",
      app
        .agent()
        .post("/auth/create-token", { email, password: PASSWORD, name: "doc" }),
    );
    const bearer = created.body.token as string;
    await record(
      "GET",
      "/auth/get-auth",
      app.agent().get("/auth/get-auth", { bearer }),
    );
    await record(
      "POST",
      "/auth/tokens",
      app.agent().post("/auth/tokens", {}, { bearer }),
    );
    await record(
      "POST",
      "/auth/revoke-token",
      app.agent().post("/auth/revoke-token", { token_id: 999 }, { bearer }),
    );
    await record(
      "POST",
      "/auth/tokens",
      app.agent().post("/auth/tokens", {}, { bearer: "1|not-a-token" }),
    );
    const signedIn = await signIn(app, await app.createUser());
    await record(
      "POST",
      "/auth/impersonate",
      signedIn.post("/auth/impersonate", { target_user_id: userId }),
    );
    await record(
      "POST",
      "/auth/revert-impersonate",
      signedIn.post("/auth/revert-impersonate"),
    );

    const statuses = new Set<number>();
    for (const { method, path, response } of seen) {
      const operation = findOperation(document, method, path);
      expect(operation, `${method} ${path}`).not.toBeNull();
      const declared =
        operation?.responses[String(response.status)] ??
        operation?.responses.default;
      const content = (
        declared?.content as Record<string, { schema: Schema }> | undefined
      )?.["application/json"];
      expect(content, `${method} ${path} ${response.status}`).toBeDefined();
      const schema = z.fromJSONSchema(
        resolve(content?.schema, document) as Parameters<
          typeof z.fromJSONSchema
        >[0],
      );
      const result = schema.safeParse(response.body);
      expect(
        result.success,
        `${method} ${path} ${response.status}: ${JSON.stringify(result.error?.issues)}`,
      ).toBe(true);
      statuses.add(response.status);
    }
    expect([...statuses].sort()).toEqual([200, 401, 403, 419, 422]);
  });
});
