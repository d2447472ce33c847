import net from "node:net";

/**
 * What the proxy does with connections: forward them, refuse them, accept and never answer, freeze
 * them, or accept and close them at once.
 */
type Mode = "open" | "closed" | "silent" | "stalled" | "hanging-up";

export type TcpProxy = {
  port: number;
  /** Stops listening and resets every connection: the database is down (connections refused). */
  close(): Promise<void>;
  /** Resets every connection and swallows new ones without a byte: the host is unreachable. */
  silence(): Promise<void>;
  /** Keeps every connection open but moves no byte either way: a network partition. */
  stall(): Promise<void>;
  /**
   * Resets every connection, then accepts new ones and closes them cleanly at once: what a port
   * forwarder with nothing listening behind it does (Docker's proxy for a published port, say).
   */
  hangUp(): Promise<void>;
  /**
   * Holds the answer of the next connection that sends something: what it sent reaches the server,
   * which answers; `answered` settles once the first bytes of that answer are here, and they go on
   * to the client only at `release`. Every other connection forwards as ever.
   */
  holdNextAnswer(): HeldAnswer;
  /** Forwards again, on the same port (stalled connections resume where they were). */
  open(): Promise<void>;
  stop(): Promise<void>;
};

export type HeldAnswer = { answered: Promise<void>; release(): void };

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL), which a test can close and
 * reopen: the process boundary at which a database outage is simulated.
 */
export async function startTcpProxy(target: {
  host: string;
  port: number;
}): Promise<TcpProxy> {
  let mode: Mode = "open";
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const pairs = new Set<[net.Socket, net.Socket]>();
  // Armed by holdNextAnswer: taken by the first connection to send bytes.
  let holdNext: ((pair: [net.Socket, net.Socket]) => void) | undefined;
  const server = net.createServer((client) => {
    track(client);
    if (mode === "hanging-up") return void client.end();
    if (mode !== "open") return;
    const upstream = net.connect(target);
    track(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("data", () => {
      const hold = holdNext;
      holdNext = undefined;
      hold?.(pair);
    });
    client.on("close", () => (upstream.destroy(), pairs.delete(pair)));
    upstream.on("close", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const stopListening = () =>
    new Promise<void>((resolve) =>
      server.listening ? server.close(() => resolve()) : resolve(),
    );
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async close() {
      mode = "closed";
      const stopped = stopListening();
      resetAll();
      await stopped;
    },
    async silence() {
      mode = "silent";
      resetAll();
      if (!server.listening) await listen(port);
    },
    async hangUp() {
      mode = "hanging-up";
      resetAll();
      if (!server.listening) await listen(port);
    },
    async stall() {
      mode = "stalled";
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    holdNextAnswer() {
      const held: Buffer[] = [];
      let reply: (() => void) | undefined;
      let release = () => {};
      const answered = new Promise<void>((resolve) => (reply = resolve));
      holdNext = ([client, upstream]) => {
        upstream.unpipe(client);
        const keep = (chunk: Buffer) => (held.push(chunk), reply?.());
        upstream.on("data", keep);
        upstream.resume();
        release = () => {
          upstream.off("data", keep);
          for (const chunk of held) client.write(chunk);
          upstream.pipe(client);
        };
      };
      return { answered, release: () => release() };
    },
    async open() {
      if (mode === "stalled") {
        for (const [client, upstream] of pairs) {
          client.pipe(upstream);
          upstream.pipe(client);
        }
      }
      mode = "open";
      if (!server.listening) await listen(port);
    },
    async stop() {
      mode = "closed";
      const stopped = stopListening();
      resetAll();
      await stopped;
    },
  };
}
