import "server-only";
import http from "node:http";
import https from "node:https";
import {
  bareHost,
  checkedLookup,
  resolveAllowed,
} from "@/lib/http/outbound-addresses";

const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a response body the delivery log keeps. */
const EXCERPT_CHARS = 200;
// Read no more than this of a response: only the excerpt is kept.
const READ_LIMIT_BYTES = 4096;

export type PostOutcome =
  { status: number; excerpt: string } | { error: string };

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
