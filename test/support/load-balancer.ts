import http from "node:http";
import type { AddressInfo } from "node:net";

const PROBE_EVERY_MS = 200;
const RETRY_FOR_MS = 15_000;

export type LoadBalancer = {
  base: string;
  /** Requests forwarded again to another instance because the first one refused the connection. */
  retried(): number;
  /** Resolves once every instance answers its probe. */
  allHealthy(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A small round-robin load balancer on loopback, as an operator would put in front of the
 * instances (docs/deployment.md): it probes each instance's /up and sends requests only to the
 * healthy ones; a connection an instance refuses (it never accepted the request) is retried on
 * another. Anything else that goes wrong upstream is answered 502, which the client counts.
 * It appends the client's address to X-Forwarded-For, as the instances' TRUST_PROXY expects.
 */
export async function startLoadBalancer(
  ports: readonly number[],
): Promise<LoadBalancer> {
  const healthy = new Map(ports.map((port) => [port, false]));
  let next = 0;
  let retries = 0;
  let closing = false;

  const probe = (port: number) =>
    new Promise<boolean>((resolve) => {
      const request = http.get(
        { host: "127.0.0.1", port, path: "/up", agent: false, timeout: 1000 },
        (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        },
      );
      request.on("error", () => resolve(false));
      request.on("timeout", () => request.destroy());
    });
  const probing = setInterval(() => {
    for (const port of ports)
      void probe(port).then((isUp) => healthy.set(port, isUp));
  }, PROBE_EVERY_MS);

  const pick = (): number | undefined => {
    const up = ports.filter((port) => healthy.get(port));
    if (up.length === 0) return undefined;
    next = (next + 1) % up.length;
    return up[next];
  };

  const forward = (
    port: number,
    incoming: http.IncomingMessage,
    body: Buffer,
  ): Promise<
    { response: http.IncomingMessage } | { refused: true } | { error: Error }
  > =>
    new Promise((resolve) => {
      const forwardedFor = incoming.headers["x-forwarded-for"];
      const peer = incoming.socket.remoteAddress ?? "127.0.0.1";
      const upstream = http.request(
        {
          host: "127.0.0.1",
          port,
          method: incoming.method,
          path: incoming.url,
          agent: false,
          headers: {
            ...incoming.headers,
            "x-forwarded-for": forwardedFor
              ? `${String(forwardedFor)}, ${peer}`
              : peer,
            connection: "close",
          },
        },
        (response) => resolve({ response }),
      );
      upstream.on("error", (error: NodeJS.ErrnoException) =>
        resolve(error.code === "ECONNREFUSED" ? { refused: true } : { error }),
      );
      upstream.end(body);
    });

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const body = Buffer.concat(chunks);
      const deadline = Date.now() + RETRY_FOR_MS;
      while (Date.now() < deadline) {
        const port = pick();
        if (port !== undefined) {
          const result = await forward(port, incoming, body);
          if ("response" in result) {
            const headers = { ...result.response.headers };
            delete headers.connection;
            outgoing.writeHead(result.response.statusCode ?? 502, headers);
            result.response.pipe(outgoing);
            return;
          }
          if ("error" in result) {
            outgoing.writeHead(502, { "content-type": "text/plain" });
            outgoing.end(`upstream ${port}: ${result.error.message}`);
            return;
          }
          healthy.set(port, false);
          retries++;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      outgoing.writeHead(503, { "content-type": "text/plain" });
      outgoing.end("no instance answered");
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    retried: () => retries,
    async allHealthy() {
      while (!closing && ports.some((each) => !healthy.get(each)))
        await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async close() {
      closing = true;
      clearInterval(probing);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
