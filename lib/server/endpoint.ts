import type { z } from "zod";
import type { AuthConfig } from "@/lib/config/auth";
import type { RouteContract } from "@/lib/contract/route-contract";
import type { Context } from "@/lib/server/context";
import { hasBrand, type Message } from "@/lib/http/errors";

const REDIRECT = Symbol.for("next-laravel-auth.Redirect");

/**
 * What a request without JSON gets after success (contract §1 rule 1):
 * - "redirect": the route's configured redirect target;
 * - "back": the previous page, with the body's `message` flashed as `status`;
 * - "json": JSON regardless (docs/contract.md: impersonate).
 */
export type NonJsonReply = "redirect" | "back" | "json";

/** A result that sends the browser elsewhere: a redirect is an answer an endpoint returns, never an error it throws. */
export class Redirect {
  /** Recognised whichever bundle's copy made it (lib/http/errors.ts says why). */
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, REDIRECT);
  }

  constructor(readonly location: string) {
    Object.defineProperty(this, REDIRECT, { value: true });
  }
}

/** The endpoint's answer: a 302 to `location` (a browser's, after a failure it is shown on another screen). */
export function redirectTo(location: string): Redirect {
  return new Redirect(location);
}

/** What an endpoint returns: the JSON body, a Redirect, or a Response of its own (a redirect to a provider, say). */
export type EndpointResult = Record<string, unknown> | Redirect | Response;

export type Endpoint<S extends z.ZodType = z.ZodType> = {
  /** The input schema; absent means the action takes no fields. */
  input?: (config: AuthConfig, ctx: Context) => S;
  /**
   * Rules that read the database (Laravel's `unique`, `exists`), run whether the schema passed or
   * not, on the normalized input (unchecked: a rule looks only at a well-formed value); their
   * errors join the schema's in one 422 (lib/server/validate-input.ts).
   */
  dataRules?: (
    ctx: Context,
    input: Record<string, unknown>,
  ) => Promise<Record<string, Message[]>>;
  nonJson?: NonJsonReply;
  /**
   * Its route's limiters leave their counts in `ctx.carriedHits` for its first statement to carry
   * (decision record 104): a hot path of one statement. What it leaves is counted after it ran.
   */
  carriesLimiterHits?: boolean;
  /** The route row it was written against (lib/server/row-endpoint.ts): its fields are the row's. */
  row?: RouteContract;
  run(ctx: Context, input: z.output<S>): Promise<EndpointResult>;
};

/** Keeps each endpoint's input type tied to its schema. */
export function defineEndpoint<S extends z.ZodType>(
  endpoint: Endpoint<S>,
): Endpoint<S> {
  return endpoint;
}
