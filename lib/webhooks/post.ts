import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { bareHost, resolveAllowed } from "@/lib/webhooks/addresses";

const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a response body the delivery log keeps. */
const EXCERPT_CHARS = 200;
// Read no more than this of a response: only the excerpt is kept.
const READ_LIMIT_BYTES = 4096;

export type PostOutcome =
  { status: number; excerpt: string } | { error: string };

/**
 * The connection's lookup: the host is resolved here, at delivery time, checked, and the checked
 * address is the one connected to — a name that changed to a private address since it was
 * registered (DNS rebinding) is refused, and there is no second resolution to race.
 */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, allowPrivate).then(
      (addresses) => {
        if (options.all) return callback(null, addresses);
        const first = addresses[0];
        if (!first)
          return callback(
            new Error(`${hostname} resolves to no address`),
            "",
            0,
          );
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, "", 0),
    );
  };
}

/**
 * POSTs one webhook — or a back-channel logout token (decision record 103), the same guarded way;
 * `headers` name the body's content type. Never follows a redirect (a 3xx is a failed attempt, like any non-2xx),
 * gives up after WEBHOOK_TIMEOUT_MS, and keeps the first EXCERPT_CHARS of the answer.
 */
export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<PostOutcome> {
  const url = new URL(target);
  try {
    // An address in the URL itself never goes through a lookup: it is checked here.
    await resolveAllowed(bareHost(url), allowPrivate);
  } catch (error) {
    return { error: (error as Error).message };
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-length": String(Buffer.byteLength(body)),
        },
        lookup: checkedLookup(allowPrivate),
        agent: false,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks)
              .toString("utf8")
              .slice(0, EXCERPT_CHARS),
          });
        response.on("data", (chunk: Buffer) => {
          if (size >= READ_LIMIT_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_LIMIT_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    request.on("error", (error) =>
      resolve({
        error:
          error.name === "AbortError"
            ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
            : error.message,
      }),
    );
    request.end(body);
  });
}
