import http from "node:http";
import { type Outcome, outcomeOf } from "../support/fresh-connection";

// Clients that go on sending while a server shuts down (test/scale/shutdown.test.ts, decision
// record 040): some on keep-alive connections, some on a fresh connection per request, each
// alternating get-auth and a registration, until told to stop.
const PASSWORD = "plum-orbit-4812";
/** The pause between two requests of one client: a steady stream, not a flood, on two cores. */
const PAUSE_MS = 40;
/** A bound on each client's loop, whatever the clock does. */
const MAX_REQUESTS = 300;

export type Sent = {
  action: "get-auth" | "register";
  connection: "keep-alive" | "fresh";
  /** When the request was sent, and when its outcome was known (Date.now()). */
  at: number;
  ended: number;
  /** Whether it went out on a connection an earlier request had used. */
  reused: boolean;
  /** The registration's address. */
  email?: string;
  outcome: Outcome;
};

export type Request = {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
};

export const GET_AUTH: Request = { method: "GET", path: "/auth/get-auth" };

/** A registration as a browser sends it: the guest's cookie and XSRF header, a JSON body. */
export function registration(
  guest: Record<string, string>,
  email: string,
): Request {
  return {
    method: "POST",
    path: "/auth/register",
    headers: guest,
    body: {
      name: "Stream",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  };
}

/**
 * One request on `agent` (false: a connection of its own). A body goes out a moment after the
 * headers, as a slow client's would: the server must read it before it answers and closes; or
 * once `bodyAfter` resolves, for a request kept under way as long as the caller wants.
 */
export function send(
  base: string,
  agent: http.Agent | false,
  options: Request,
  bodyAfter: Promise<unknown> = new Promise((resolve) =>
    setTimeout(resolve, 5),
  ),
): Promise<{ reused: boolean; outcome: Outcome }> {
  const payload =
    options.body === undefined ? undefined : JSON.stringify(options.body);
  const request = http.request(`${base}${options.path}`, {
    method: options.method,
    agent,
    headers: {
      accept: "application/json",
      ...(payload
        ? {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(payload)),
          }
        : {}),
      ...options.headers,
    },
  });
  const outcome = outcomeOf(request);
  if (payload) {
    request.flushHeaders();
    void bodyAfter.then(() => request.end(payload));
  } else request.end();
  return outcome.then((settled) => ({
    reused: request.reusedSocket,
    outcome: settled,
  }));
}

/**
 * Starts `keepAlive` clients on keep-alive agents and `fresh` clients on a connection per
 * request. Each registration takes one guest's cookie and XSRF header from `guests` (a session
 * registers once); a client whose share is used up goes on with get-auth alone.
 */
export function startStream(
  base: string,
  guests: Record<string, string>[],
  clients: { keepAlive: number; fresh: number },
) {
  const sent: Sent[] = [];
  let running = true;
  const total = clients.keepAlive + clients.fresh;
  const share = Math.floor(guests.length / total);

  const loop = async (index: number) => {
    const keepAlive = index < clients.keepAlive;
    const agent = keepAlive
      ? new http.Agent({ keepAlive: true, maxSockets: 1 })
      : false;
    const mine = guests.slice(index * share, (index + 1) * share);
    for (let turn = 0; running && turn < MAX_REQUESTS; turn++) {
      const guest = turn % 2 === 1 ? mine.shift() : undefined;
      const email = guest
        ? `stream-${index}-${turn}-${Date.now()}@example.test`
        : undefined;
      const at = Date.now();
      const { reused, outcome } = await send(
        base,
        agent,
        guest && email ? registration(guest, email) : GET_AUTH,
      );
      sent.push({
        action: guest ? "register" : "get-auth",
        connection: keepAlive ? "keep-alive" : "fresh",
        at,
        ended: Date.now(),
        reused,
        email,
        outcome,
      });
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    if (agent) agent.destroy();
  };
  const loops = Promise.all(Array.from({ length: total }, (_, i) => loop(i)));

  return {
    /** Stops sending; resolves with every request once the last answer is in. */
    async stop(): Promise<Sent[]> {
      running = false;
      await loops;
      return sent;
    },
  };
}

/** How many requests sent before and after `signalled` had each status (or were refused, or failed). */
export function tally(sent: Sent[], signalled: number): string {
  const counts = new Map<string, number>();
  for (const { at, outcome } of sent) {
    const what = outcome.kind === "answered" ? outcome.status : outcome.kind;
    const key = `${what} ${at < signalled ? "before" : "after"} the signal`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return JSON.stringify(Object.fromEntries(counts));
}
