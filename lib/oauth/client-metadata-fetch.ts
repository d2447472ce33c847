import "server-only";
import https from "node:https";
import {
  bareHost,
  checkedLookup,
  resolveAllowed,
} from "@/lib/http/outbound-addresses";

/** A metadata document is a few hundred bytes; anything past this is refused, not read. */
export const DOCUMENT_MAX_BYTES = 5 * 1024;
export const DOCUMENT_TIMEOUT_MS = 5_000;

export type FetchedDocument = {
  body: string;
  /** The response's Cache-Control, for how long the document may be kept. */
  cacheControl: string | null;
};

/** Why a document could not be read: told to the client in the error's hint. */
export class DocumentFetchError extends Error {}

/**
 * GETs a client's metadata document (decision record 102) through webhooks' outbound guard
 * (`lib/http/outbound-addresses.ts`: the address is resolved, checked and connected to once, so a
 * name that rebinds to a private address is refused); never follows a redirect, gives up after
 * DOCUMENT_TIMEOUT_MS, and stops reading past DOCUMENT_MAX_BYTES.
 */
export async function fetchClientDocument(
  url: URL,
  allowPrivate: boolean,
): Promise<FetchedDocument> {
  try {
    await resolveAllowed(bareHost(url), allowPrivate);
  } catch (error) {
    throw new DocumentFetchError((error as Error).message);
  }
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new DocumentFetchError(message));
    const request = https.request(
      url,
      {
        method: "GET",
        headers: { accept: "application/json" },
        lookup: checkedLookup(allowPrivate),
        agent: false,
        signal: AbortSignal.timeout(DOCUMENT_TIMEOUT_MS),
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.destroy();
          return fail(`the document answered ${response.statusCode ?? 0}`);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > DOCUMENT_MAX_BYTES) {
            response.destroy();
            return fail(
              `the document is larger than ${DOCUMENT_MAX_BYTES} bytes`,
            );
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            body: Buffer.concat(chunks).toString("utf8"),
            cacheControl: response.headers["cache-control"] ?? null,
          }),
        );
        response.on("error", (error) => fail(error.message));
      },
    );
    request.on("error", (error) =>
      fail(
        error.name === "AbortError"
          ? `no answer within ${DOCUMENT_TIMEOUT_MS / 1000} s`
          : error.message,
      ),
    );
    request.end();
  });
}
