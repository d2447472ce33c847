import http from "node:http";
import { HttpClient } from "./http-client";

/** What became of one request: answered (any status), refused (never accepted), or failed otherwise. */
export type Outcome =
  | {
      kind: "answered";
      status: number;
      body: string;
      headers: http.IncomingHttpHeaders;
    }
  | { kind: "refused" }
  | { kind: "failed"; error: string };

/**
 * One request on a connection of its own (no keep-alive pool), so that its fate is its own: a
 * refusal means the server never accepted it; a reset or a cut answer is a failure.
 */
export function requestOnce(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
  },
): Promise<Outcome> {
  const payload =
    options.body === undefined ? undefined : JSON.stringify(options.body);
  const request = http.request(`${base}${options.path}`, {
    method: options.method ?? "GET",
    agent: false,
    headers: {
      accept: "application/json",
      ...(payload ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
  });
  const outcome = outcomeOf(request);
  request.end(payload);
  return outcome;
}

/** What became of `request`: its whole answer, a refused connection, or any other failure. */
export function outcomeOf(request: http.ClientRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          kind: "answered",
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          headers: response.headers,
        }),
      );
      response.on("error", (error) =>
        resolve({ kind: "failed", error: String(error) }),
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === "ECONNREFUSED"
          ? { kind: "refused" }
          : { kind: "failed", error: `${error.code ?? ""} ${error.message}` },
      ),
    );
  });
}

/** A guest's cookie and XSRF header, ready to register. */
export async function guestHeaders(
  base: string,
): Promise<Record<string, string>> {
  const client = new HttpClient();
  await client.csrf(base);
  return {
    cookie: [...client.cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join("; "),
    "x-xsrf-token": decodeURIComponent(client.cookies.get("XSRF-TOKEN") ?? ""),
  };
}
