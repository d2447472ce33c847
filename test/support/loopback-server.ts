import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { routeByPath } from "@/lib/runtime/next-adapter";
import type { TestApp } from "./app";

/** A request the server received: what the test asserts on (the polling's pace). */
export type Arrival = { method: string; path: string; atMs: number };

export type LoopbackServer = {
  /** `http://127.0.0.1:<port>`: what a client outside the process types. */
  base: string;
  arrivals: Arrival[];
  /** Paths answered before the application sees them, as a proxy in front would (a 503). */
  standIns: Map<string, () => Response>;
  close(): Promise<void>;
};

/**
 * The test application on a real socket on 127.0.0.1, for a client in another process (the
 * command line): each request goes by its path through routeByPath, as the catch-all route files
 * send it, to the application's current services (its database and its clock).
 */
export async function serveOnLoopback(app: TestApp): Promise<LoopbackServer> {
  const arrivals: Arrival[] = [];
  const standIns = new Map<string, () => Response>();
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      void (async () => {
        const url = new URL(incoming.url ?? "/", base);
        arrivals.push({
          method: incoming.method ?? "GET",
          path: url.pathname,
          atMs: Date.now(),
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers))
          if (typeof value === "string") headers.set(name, value);
        // Next's server stamps the socket's peer (lib/http/client-address.ts).
        headers.set("x-forwarded-for", incoming.socket.remoteAddress ?? "");
        const hasBody = chunks.length > 0;
        const request = new Request(url, {
          method: incoming.method,
          headers,
          body: hasBody ? Buffer.concat(chunks) : undefined,
        });
        const standIn = standIns.get(url.pathname);
        const response = standIn
          ? standIn()
          : await routeByPath(request, url.pathname, app.services);
        for (const [name, value] of response.headers)
          if (name !== "set-cookie") outgoing.setHeader(name, value);
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) outgoing.setHeader("set-cookie", cookies);
        outgoing.writeHead(response.status);
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })().catch((error: unknown) => {
        outgoing.writeHead(500);
        outgoing.end(String(error));
      });
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    arrivals,
    standIns,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
