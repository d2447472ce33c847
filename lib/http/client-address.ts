import { randomBytes } from "node:crypto";
import http from "node:http";

/** Set on every request the server received after start-up installed the stamp; a client cannot know the value. */
export const STAMP_HEADER = "x-client-address-stamp";

type Installed = { stamp: string; restore: () => void };
const SLOT = Symbol.for("next-laravel-auth.client-address");
const registry = globalThis as typeof globalThis & { [SLOT]?: Installed };

/**
 * Appends the socket's address to X-Forwarded-For on every request this process's servers
 * receive, so the header's last entry is always our direct peer and clientIp can count trusted
 * hops from the right (Next keeps a client-sent X-Forwarded-For as it is, which would let anyone
 * choose their rate-limit key), and marks the request with this process's secret stamp.
 * Idempotent; returns a function that removes it (tests).
 */
export function stampClientAddresses(): () => void {
  const installed = registry[SLOT];
  if (installed) return installed.restore;
  const stamp = randomBytes(16).toString("hex");
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (
    this: http.Server,
    event: string,
    ...args: unknown[]
  ) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      const peer = request.socket.remoteAddress ?? "0.0.0.0";
      const sent = request.headers["x-forwarded-for"];
      request.headers["x-forwarded-for"] = sent
        ? `${String(sent)}, ${peer}`
        : peer;
      request.headers[STAMP_HEADER] = stamp;
    }
    return emit.apply(this, [event, ...args] as unknown as Parameters<
      typeof emit
    >);
  } as typeof emit;
  const restore = () => {
    http.Server.prototype.emit = emit;
    delete registry[SLOT];
  };
  registry[SLOT] = { stamp, restore };
  return restore;
}

/**
 * Did this process's server stamp the request? Next's server accepts requests before start-up
 * (instrumentation.ts) has installed the stamp, and serves them once it has: such a request's
 * X-Forwarded-For is entirely the client's. False only for those; true where nothing is
 * installed (requests built in process, as the tests do).
 */
export function isStamped(headers: Headers): boolean {
  const installed = registry[SLOT];
  return !installed || headers.get(STAMP_HEADER) === installed.stamp;
}
