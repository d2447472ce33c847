import type { z } from "zod";
import type { AuthConfig } from "@/lib/auth/config";
import type { Context } from "@/lib/auth/context";

/**
 * What a request without JSON gets after success (SPEC.md §1 rule 1):
 * - "redirect": the route's configured redirect target;
 * - "back": the previous page, with the body's `message` flashed as `status`;
 * - "json": JSON regardless (SPEC.md: impersonate).
 */
export type NonJsonReply = "redirect" | "back" | "json";

export type Endpoint<S extends z.ZodType = z.ZodType> = {
  /** The input schema; absent means the action takes no fields. */
  input?: (config: AuthConfig, ctx: Context) => S;
  nonJson?: NonJsonReply;
  /** Returns the JSON body, or a Response of its own (a redirect to a provider, say). */
  run(ctx: Context, input: z.output<S>): Promise<Record<string, unknown> | Response>;
};

/** Keeps each endpoint's input type tied to its schema. */
export function defineEndpoint<S extends z.ZodType>(endpoint: Endpoint<S>): Endpoint<S> {
  return endpoint;
}
