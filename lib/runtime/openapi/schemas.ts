import "server-only";
import { z } from "zod";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import type { Context } from "@/lib/server/context";
import type { Endpoint } from "@/lib/server/endpoint";

export type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends, or what it receives. */
export function jsonSchema(
  schema: z.ZodType,
  io: "input" | "output",
): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

/**
 * The context an input schema is built with when describing it: a signed-in caller at the time
 * the document is built (create-token's "a future date" and impersonate's rules ask for one).
 */
function describingContext(config: AuthConfig): Context {
  const user = { id: 0 } as User;
  const partial: Partial<Context> = {
    config,
    now: new Date(),
    auth: { user, via: "session", token: null },
    requireUser: () => user,
  };
  return partial as Context;
}

/** The request body's schema of an endpoint, or null when it takes no fields (or refuses every call under this configuration). */
export function inputSchema(
  endpoint: Endpoint,
  config: AuthConfig,
): JsonSchema | null {
  if (!endpoint.input) return null;
  try {
    return jsonSchema(
      endpoint.input(config, describingContext(config)),
      "input",
    );
  } catch {
    // Closed under this configuration (registration closed answers 403 before any field is read).
    return null;
  }
}
