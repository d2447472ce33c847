import "server-only";
import type { Context } from "@/lib/auth/context";
import { ConfigError } from "@/lib/config/errors";
import { authenticate, parseGuard } from "@/lib/auth/middleware/authenticate";
import { guest } from "@/lib/auth/middleware/guest";
import { parseThrottle, throttle } from "@/lib/auth/middleware/throttle";
import { signed } from "@/lib/auth/middleware/signed";
import { abilities, ability, parseAbilityList } from "@/lib/auth/middleware/abilities";

/** A route middleware: adds to ctx or throws an HttpError. `args` were validated when config loaded. */
export type Middleware<A = unknown> = {
  /** Validates the `:a,b` part of the spec; throws with a reason. */
  parse(args: string[]): A;
  run(ctx: Context, args: A): Promise<void>;
};

export type ResolvedMiddleware = { name: string; args: unknown; run: (ctx: Context, args: unknown) => Promise<void> };

const noArgs = (args: string[]) => {
  if (args.length > 0) throw new Error("takes no arguments");
};

const MIDDLEWARE: Record<string, Middleware<never>> = {};

/** Adds a middleware under `name` (an application registers its own in lib/extensions.ts). */
export function registerMiddleware<A>(name: string, middleware: Middleware<A>): void {
  MIDDLEWARE[name] = middleware as Middleware<never>;
}

registerMiddleware("auth", { parse: parseGuard, run: authenticate });
registerMiddleware("guest", { parse: noArgs, run: guest });
registerMiddleware("throttle", { parse: parseThrottle, run: throttle });
registerMiddleware("signed", { parse: noArgs, run: signed });
registerMiddleware("abilities", { parse: parseAbilityList, run: abilities });
registerMiddleware("ability", { parse: parseAbilityList, run: ability });

/** Parses `name:arg,arg` against the registry; an unknown name or bad arguments is a ConfigError. */
export function resolveMiddleware(spec: string, key: string): ResolvedMiddleware {
  const [name = "", rawArgs] = spec.split(/:(.*)/s);
  const middleware = MIDDLEWARE[name];
  if (!middleware) throw new ConfigError(key, `unknown middleware "${name}"`);
  const args = rawArgs === undefined || rawArgs === "" ? [] : rawArgs.split(",").map((arg) => arg.trim());
  try {
    return { name, args: middleware.parse(args), run: middleware.run as ResolvedMiddleware["run"] };
  } catch (error) {
    throw new ConfigError(key, `middleware "${spec}": ${(error as Error).message}`);
  }
}
