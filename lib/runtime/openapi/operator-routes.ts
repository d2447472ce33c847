import "server-only";
import type { Operation } from "@/lib/runtime/openapi/document";
import { PROVIDERS } from "@/lib/contract/auth/providers";
import { jsonSchema } from "@/lib/runtime/openapi/schemas";

const noContent = { description: "XSRF-TOKEN set" };

/** The routes outside the route table: the CSRF cookie, the providers list, health, metrics and this description. */
export const OPERATOR_OPERATIONS: Record<string, Record<string, Operation>> = {
  "/sanctum/csrf-cookie": {
    get: {
      operationId: "sanctum.csrf-cookie",
      tags: ["auth"],
      summary: "Sets the XSRF-TOKEN cookie",
      responses: { "204": noContent },
      security: [{}],
    },
  },
  "/api/auth/providers": {
    get: {
      operationId: "api.auth.providers",
      tags: ["application"],
      summary: "The social login providers",
      responses: {
        "200": {
          description: "The providers, for the login screen's buttons",
          content: {
            "application/json": {
              schema: jsonSchema(PROVIDERS.output, "output"),
            },
          },
        },
      },
      security: [{}],
    },
  },
  "/up": {
    get: {
      operationId: "up",
      tags: ["operations"],
      summary: "Health: the database answers within a second",
      responses: {
        "200": {
          description: "Healthy",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { status: { const: "ok" } },
                required: ["status"],
              },
            },
          },
        },
        "503": {
          description: "A check failed",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  status: { const: "unavailable" },
                  failed: { type: "array", items: { type: "string" } },
                  checks: { type: "object" },
                },
                required: ["status", "failed"],
              },
            },
          },
        },
      },
      security: [{}],
    },
  },
  "/metrics": {
    get: {
      operationId: "metrics",
      tags: ["operations"],
      summary: "Prometheus metrics (loopback, or METRICS_TOKEN as a bearer)",
      responses: {
        "200": {
          description: "Prometheus text format",
          content: { "text/plain": { schema: { type: "string" } } },
        },
        "401": { description: "No or a wrong token" },
        "403": { description: "Not loopback" },
      },
      security: [{}, { bearer: [] }],
    },
  },
  "/api/openapi.json": {
    get: {
      operationId: "api.openapi",
      tags: ["operations"],
      summary: "This description",
      responses: {
        "200": {
          description: "OpenAPI 3.1",
          content: { "application/json": { schema: { type: "object" } } },
        },
      },
      security: [{}],
    },
  },
};
