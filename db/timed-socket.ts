import net from "node:net";

/**
 * A connection that moves no byte for this long is taken as dead (a network partition, a host
 * that vanished): it is destroyed, so its query fails (503) and the pool opens a fresh one,
 * instead of hanging until the kernel gives up minutes later. An idle connection never gets
 * here: the pool retires it a second earlier (`idle_timeout` in db/client.ts).
 */
export const SOCKET_IDLE_TIMEOUT_MS = 5_000;

type Target = { host: string[]; port: number[]; path?: string | false };

/**
 * postgres.js's `socket` option: the TCP (or unix) connection it would open itself, plus an
 * inactivity timeout once connected (connecting stays under postgres.js's own connect_timeout).
 */
export function timedSocket({ host, port, path }: Target): net.Socket {
  const socket = path
    ? net.connect(path)
    : net.connect(port[0] ?? 5432, host[0] ?? "localhost");
  socket.once("connect", () => {
    socket.setTimeout(SOCKET_IDLE_TIMEOUT_MS, () => {
      socket.destroy(
        Object.assign(
          new Error(
            `no data from the database for ${SOCKET_IDLE_TIMEOUT_MS} ms`,
          ),
          { code: "ETIMEDOUT" },
        ),
      );
    });
  });
  return socket;
}
