import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { drainQueue } from "@/lib/mail/worker";
import { webhookWorkerDeps } from "@/lib/runtime/services";
import type { TestApp } from "./app";

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  path: string;
};

/**
 * A webhook receiver on 127.0.0.1 that verifies each message as the Standard Webhooks
 * specification tells a receiver to (its own code, not the application's): the secret's bytes
 * after `whsec_`, HMAC-SHA256 over `id.timestamp.body`, any `v1,` signature of the header.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
): boolean {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (
    typeof id !== "string" ||
    typeof timestamp !== "string" ||
    typeof signatures !== "string"
  )
    return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key)
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return (
      version === "v1" &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  });
}

export type Receiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The secret to verify with (known once the endpoint is registered). */
  secret: string;
  /** The statuses of the next answers, in order; 204 afterwards. A 3xx carries a Location. */
  respondWith: number[];
  close(): Promise<void>;
};

export async function startReceiver(path = "/hooks"): Promise<Receiver> {
  const receiver = {
    received: [] as ReceivedWebhook[],
    secret: "",
    respondWith: [] as number[],
  } as Receiver;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      receiver.received.push({
        headers: request.headers,
        body,
        path: request.url ?? "",
        verified: verifyStandardWebhook(receiver.secret, request.headers, body),
      });
      const status = receiver.respondWith.shift() ?? 204;
      if (status >= 300 && status < 400)
        response.setHeader("location", `${receiver.url}/moved`);
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 204 ? undefined : `answer ${status} `.repeat(50));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  receiver.close = () =>
    new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Runs the webhooks' worker until nothing is due (fan-outs, then the deliveries they queued); how many jobs ran. */
export async function deliverWebhooks(app: Pick<TestApp, "services">) {
  let total = 0;
  for (let ran = 1; ran > 0; total += ran)
    ran = await drainQueue(webhookWorkerDeps(app.services));
  return total;
}
