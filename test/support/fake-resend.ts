import http from "node:http";
import net from "node:net";

export type ReceivedMail = { to: string[]; subject: string; text: string };

/** A loopback port with nothing listening on it (yet): the mail API is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A stand-in for the Resend API on loopback (the process boundary): accepts POST /emails and
 * records what it was sent.
 */
export async function startFakeResend(
  port: number,
): Promise<{ received: ReceivedMail[]; stop(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/emails") {
        response
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ name: "not_found", message: "Not found" }));
        return;
      }
      const mail = JSON.parse(body) as ReceivedMail;
      received.push({
        to: [mail.to].flat(),
        subject: mail.subject,
        text: mail.text,
      });
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ id: `fake-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(port, "127.0.0.1", resolve),
  );
  return {
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
