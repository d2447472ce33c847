import "server-only";
import type { AuthConfig } from "@/lib/config/auth";
import type { Endpoint } from "@/lib/server/endpoint";
import { ACTION_ENDPOINTS } from "@/lib/runtime/routes";
import { compileRoutes } from "@/lib/server/match";
import { AUTH_ACTIONS, type HttpMethod } from "@/lib/contract/auth-actions";
import {
  SESSION_ONLY,
  type RouteAbility,
} from "@/lib/contract/token-abilities";
import {
  CREDENTIAL_CLASSES,
  type CredentialClass,
} from "@/lib/contract/credential-classes";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { withPublicPaths } from "@/lib/oauth/path-prefix";
import type { NoBody, RouteOutput } from "@/lib/contract/route-contract";
import { tokenSchema } from "@/lib/contract/auth/tokens";
import { userSchema } from "@/lib/contract/users/user";
import {
  messageSchema,
  validationErrorSchema,
} from "@/lib/runtime/openapi/responses";
import {
  inputSchema,
  type JsonSchema,
  jsonSchema,
} from "@/lib/runtime/openapi/schemas";
import { OPERATOR_OPERATIONS } from "@/lib/runtime/openapi/operator-routes";

export type Operation = {
  operationId: string;
  tags: string[];
  summary?: string;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: Record<string, string[]>[];
  "x-token-ability"?: string;
  /** What the route does to the ways into an account, and so its rules (decision record 028). */
  "x-credential-class"?: CredentialClass;
};
export type OpenApiDocument = {
  openapi: "3.1.0";
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, Operation>>>;
} & JsonSchema;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: JsonSchema) => ({
  "application/json": { schema },
});
const ERRORS = {
  description: "An error: `{message}`; 422 adds `errors` by field",
  content: jsonContent({ anyOf: [ref("ValidationError"), ref("Message")] }),
};

/**
 * Who may call (decision record 011): a session (whose writes carry X-XSRF-TOKEN, echoing the
 * XSRF-TOKEN cookie), a bearer token, or, for reads and guest routes, nobody in particular.
 */
function security(
  method: HttpMethod,
  ability: RouteAbility,
): Record<string, string[]>[] {
  const session: Record<string, string[]> =
    method === "GET" ? { session: [] } : { session: [], xsrf: [] };
  if (ability === SESSION_ONLY) return [session];
  return method === "GET"
    ? [{}, session, { bearer: [] }]
    : [session, { bearer: [] }, { xsrf: [] }];
}

/** A row's output (decision record 062) as the operation's success; a route without one answers some object. */
function success(
  output: RouteOutput | undefined,
): JsonSchema | NoBody | "redirect" | "file" {
  if (output === undefined) return { type: "object" };
  if (typeof output === "string" || "noBody" in output) return output;
  return jsonSchema(output, "output");
}

const FILE = {
  description: "The file",
  content: { "application/octet-stream": {} },
};

function pathParameters(template: string): JsonSchema[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function operation(options: {
  name: string;
  tag: string;
  method: HttpMethod;
  template: string;
  endpoint: Endpoint;
  ability: RouteAbility;
  credential: CredentialClass;
  config: AuthConfig;
  success: ReturnType<typeof success>;
  multipart?: boolean;
}): Operation {
  const input =
    options.method === "GET"
      ? null
      : inputSchema(options.endpoint, options.config);
  const answer = options.success;
  const responses: Record<string, JsonSchema> =
    answer === "redirect"
      ? { "302": { description: "A redirect" } }
      : answer === "file"
        ? { "200": FILE }
        : "noBody" in answer
          ? {
              [String(answer.noBody)]: {
                description:
                  "Success, without a body (JSON requests; otherwise a redirect)",
              },
            }
          : {
              "200": {
                description:
                  "Success (JSON when the request sends `Accept: application/json`; otherwise a redirect)",
                content: jsonContent(answer),
              },
            };
  if (CREDENTIAL_CLASSES[options.credential].stepUp)
    responses["423"] = {
      description:
        "Password confirmation required: confirm (user/confirm-password or passkeys/confirm), then call again",
      content: jsonContent(ref("Message")),
    };
  if (input)
    responses["422"] = {
      description: "Invalid input",
      content: jsonContent(ref("ValidationError")),
    };
  responses.default = ERRORS;
  const parameters = pathParameters(options.template);
  return {
    operationId: options.name,
    tags: [options.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(input
      ? {
          requestBody: {
            required: true,
            content: options.multipart
              ? { "multipart/form-data": { schema: input } }
              : jsonContent(input),
          },
        }
      : {}),
    responses,
    security: security(options.method, options.ability),
    ...(options.ability ? { "x-token-ability": options.ability } : {}),
    "x-credential-class": options.credential,
  };
}

/** The OpenAPI 3.1 description of the API under `config` (URIs, names and prefix as configured), served at /api/openapi.json. */
export function buildOpenApiDocument(
  config: AuthConfig,
  env: { APP_URL: string; SESSION_COOKIE: string },
): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const add = (template: string, method: HttpMethod, op: Operation) =>
    ((paths[template] ??= {})[method.toLowerCase() as Lowercase<HttpMethod>] =
      op);
  for (const route of compileRoutes(config.routes)) {
    add(
      route.template,
      route.method,
      operation({
        name: route.name,
        tag: "auth",
        method: route.method,
        template: route.template,
        endpoint: ACTION_ENDPOINTS[route.action],
        ability: AUTH_ACTIONS[route.action].ability,
        credential: AUTH_ACTIONS[route.action].credential,
        config,
        success: success(AUTH_ACTIONS[route.action].output),
      }),
    );
  }
  // The OAuth routes where clients call them, under `oauth.path` (lib/oauth/path-prefix.ts).
  for (const route of withPublicPaths(HOST_ROUTES, config.oauth.path)) {
    const { path } = route;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      add(
        path,
        method,
        operation({
          // operationIds are unique: a route served on several methods names each.
          name:
            methods.length > 1
              ? `${route.name}.${method.toLowerCase()}`
              : route.name,
          tag: "application",
          method,
          template: path,
          endpoint: route.endpoint,
          ability: route.ability,
          credential: route.credential,
          config,
          success: success(
            route.name === "uploads.show" ? "file" : route.output,
          ),
          multipart: route.name === "lu.upload.file",
        }),
      );
    }
  }
  for (const [path, methods] of Object.entries(OPERATOR_OPERATIONS))
    paths[path] = { ...paths[path], ...methods };
  return {
    openapi: "3.1.0",
    info: {
      title: "Authentication API (laravel-auth 6.1 contract)",
      version: "6.1",
      description: "Generated from the route table and its zod schemas.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: env.APP_URL }],
    tags: [
      {
        name: "auth",
        description:
          "The authentication routes of docs/contract.md §4, under the configured prefix",
      },
      { name: "application", description: "The host application's routes" },
      { name: "operations", description: "Health, metrics, this description" },
    ],
    paths,
    components: {
      schemas: {
        User: jsonSchema(userSchema, "output"),
        Token: jsonSchema(tokenSchema, "output"),
        Message: jsonSchema(messageSchema, "output"),
        ValidationError: jsonSchema(validationErrorSchema, "output"),
      },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: env.SESSION_COOKIE,
          description:
            "The session cookie; sign in with the login route after GET /sanctum/csrf-cookie",
        },
        xsrf: {
          type: "apiKey",
          in: "header",
          name: "X-XSRF-TOKEN",
          description:
            "The XSRF-TOKEN cookie's value, on every POST, PUT, PATCH and DELETE of a session (else 419)",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal access token (create-token); exempt from CSRF without a session cookie",
        },
      },
    },
  };
}
