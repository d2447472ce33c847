import "server-only";
import type { Context } from "@/lib/server/context";
import { ConfigError } from "@/lib/config/errors";
import { processSlot } from "@/lib/server/process-slot";

/** A route middleware: adds to ctx or throws an HttpError. `args` were validated when config loaded. */
export type Middleware<A = unknown> = {
  /** Validates the `:a,b` part of the spec; throws with a reason. */
  parse(args: string[]): A;
  run(ctx: Context, args: A): Promise<void>;
};

export type ResolvedMiddleware = {
  name: string;
  args: unknown;
  run: (ctx: Context, args: unknown) => Promise<void>;
};

/** The `parse` of a middleware that takes no `:arguments`. */
export const noArgs = (args: string[]) => {
  if (args.length > 0) throw new Error("takes no arguments");
};

const MIDDLEWARE = processSlot(
  "middleware",
  (): Record<string, Middleware<never>> => ({}),
);

/** A middleware as the registry keeps it (its arguments' type checked here, where it is written). */
export function defineMiddleware<A>(
  middleware: Middleware<A>,
): Middleware<never> {
  return middleware as Middleware<never>;
}

/**
 * Adds a middleware under `name`. The features' own (`auth`, `throttle`, …) and the application's
 * (lib/extensions.ts) are registered when the services are built (lib/runtime/services.ts).
 */
export function registerMiddleware<A>(
  name: string,
  middleware: Middleware<A>,
): void {
  MIDDLEWARE[name] = defineMiddleware(middleware);
}

/** The middleware registered under `name` (a ConfigError naming `key` when there is none). */
export function middlewareNamed(name: string, key: string): Middleware<never> {
  const middleware = MIDDLEWARE[name];
  if (!middleware) throw new ConfigError(key, `unknown middleware "${name}"`);
  return middleware;
}

/** Parses `name:arg,arg` against the registry; an unknown name or bad arguments is a ConfigError. */
export function resolveMiddleware(
  spec: string,
  key: string,
): ResolvedMiddleware {
  const [name = "", rawArgs] = spec.split(/:(.*)/s);
  const middleware = middlewareNamed(name, key);
  const args =
    rawArgs === undefined || rawArgs === ""
      ? []
      : rawArgs.split(",").map((arg) => arg.trim());
  try {
    return {
      name,
      args: middleware.parse(args),
      run: middleware.run as ResolvedMiddleware["run"],
    };
  } catch (error) {
    throw new ConfigError(
      key,
      `middleware "${spec}": ${(error as Error).message}`,
    );
  }
}
