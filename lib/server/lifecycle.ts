import { processSlot } from "@/lib/server/process-slot";

/**
 * The process's graceful shutdown, shared with the start script (scripts/start.mjs, decision
 * record 040) under `Symbol.for("next-laravel-auth.lifecycle")`: on SIGTERM it sets `draining`
 * (/up answers 503 from then on), waits for the requests in flight, then calls `stop`.
 */
type Lifecycle = {
  draining: boolean;
  /** Stops the background work (the workers finish their job under way) and closes the database. */
  stop: (() => Promise<void>) | null;
};

const lifecycle = processSlot("lifecycle", (): Lifecycle => ({
  draining: false,
  stop: null,
}));

/** Has this process begun its shutdown? A load balancer's probe then sees 503. */
export function isDraining(): boolean {
  return lifecycle.draining;
}

/** What the shutdown runs once no request is left: set when the services start. */
export function onShutdown(stop: () => Promise<void>): void {
  lifecycle.stop = stop;
}
