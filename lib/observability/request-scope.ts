import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { type Logger, rootLogger } from "@/lib/observability/logger";

/** What the pipeline tells the request's log line and metrics once it knows them. */
export type ObservedContext = {
  routeName: string | null;
  /** The client's address, as the pipeline already read it. */
  ip: string;
  auth: {
    user: { id: number } | null;
    via: "session" | "token" | null;
    oauthToken?: { clientId: string };
  } | null;
  /** The administrator acting, when the session is an impersonation: the activity log's causer. */
  impersonatorId?: number | null;
};

/** One request as the observability hook follows it (lib/observability/observe-request.ts). */
export type RequestScope = {
  /** Sent back as X-Request-Id and on every line logged while the request runs. */
  id: string;
  log: Logger;
  /** Set by the pipeline as soon as it has one: the route name and the caller go on the request's line. */
  context: ObservedContext | null;
  /** Domain counts made during the request, kept until it ends without a server error. */
  pending: (() => void)[];
};

/**
 * A new request's scope. Its logger is made on first use: most requests log only their one line,
 * which observe-request writes on the process's logger with the id as a field (a child logger
 * per request cost more than the rest of a guest's get-auth together).
 */
export function openScope(id: string): RequestScope {
  let child: Logger | undefined;
  return {
    id,
    get log() {
      return (child ??= rootLogger().child({ requestId: id }));
    },
    context: null,
    pending: [],
  };
}

const SLOT = Symbol.for("next-laravel-auth.request-scope");
const registry = globalThis as typeof globalThis & {
  [SLOT]?: AsyncLocalStorage<RequestScope>;
};
const storage = (registry[SLOT] ??= new AsyncLocalStorage<RequestScope>());

export function runInScope<T>(scope: RequestScope, run: () => T): T {
  return storage.run(scope, run);
}

export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/** The logger to use anywhere: the running request's (its lines carry its id), else the process's. */
export function log(): Logger {
  return storage.getStore()?.log ?? rootLogger();
}
