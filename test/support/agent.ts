import { csrfCookie } from "@/lib/server/csrf-cookie";
import { dispatch, dispatchHost, type HostRoute } from "@/lib/server/pipeline";
import type { Services } from "@/lib/server/services";
import { assertDeclaredAnswer } from "./contract";

// Response bodies are whatever the contract says; tests assert on them field by field.
export type AgentResponse = {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  setCookies: string[];
};

type RequestOptions = {
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
  bearer?: string;
  /** Sends no X-XSRF-TOKEN header. */
  noCsrf?: boolean;
  /** Accept: application/json unless false. */
  asJson?: boolean;
  /** Sends the request to a host route (app/api/…, app/uploads/…) with these path parameters. */
  host?: HostRoute;
  params?: Record<string, string>;
  /** The origin of `request.url` (default APP_URL); behind `next start` it is `http://localhost:<port>` whatever `Host` says. */
  base?: string;
};

/**
 * A browser-like client of the in-process application: keeps cookies, echoes XSRF-TOKEN as
 * X-XSRF-TOKEN, and sends requests through the real pipeline.
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly services: Services,
    readonly ip = "127.0.0.1",
  ) {}

  async csrf(): Promise<AgentResponse> {
    return this.request("GET", "/sanctum/csrf-cookie", { asJson: false });
  }

  get(path: string, options: RequestOptions = {}) {
    return this.request("GET", path, options);
  }

  post(path: string, json: unknown = {}, options: RequestOptions = {}) {
    return this.request("POST", path, { json, ...options });
  }

  put(path: string, json: unknown = {}, options: RequestOptions = {}) {
    return this.request("PUT", path, { json, ...options });
  }

  delete(path: string, options: RequestOptions = {}) {
    return this.request("DELETE", path, options);
  }

  /** A multipart POST (the browser's FormData); the boundary is set by Request. */
  upload(path: string, form: FormData, options: RequestOptions = {}) {
    return this.request("POST", path, { body: form, ...options });
  }

  async request(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<AgentResponse> {
    const headers = new Headers(options.headers);
    if (options.asJson !== false && !headers.has("accept"))
      headers.set("accept", "application/json");
    if (!headers.has("x-forwarded-for"))
      headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size > 0 && !headers.has("cookie")) {
      headers.set(
        "cookie",
        [...this.cookies]
          .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
          .join("; "),
      );
    }
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf && !options.noCsrf && !headers.has("x-xsrf-token"))
      headers.set("x-xsrf-token", xsrf);
    if (options.bearer)
      headers.set("authorization", `Bearer ${options.bearer}`);
    let body = options.body;
    if (options.json !== undefined && method !== "GET") {
      body = JSON.stringify(options.json);
      headers.set("content-type", "application/json");
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
    }
    const url = new URL(path, options.base ?? this.services.env.APP_URL);
    const request = new Request(url, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : body,
    });
    const response = options.host
      ? await dispatchHost(request, options.host, this.services, options.params)
      : url.pathname === "/sanctum/csrf-cookie"
        ? await csrfCookie(request, this.services)
        : await dispatch(request, url.pathname, this.services);
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair = "", ...attributes] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = decodeURIComponent(pair.slice(index + 1).trim());
      const expired = attributes.some((attribute) =>
        /^\s*max-age=0\s*$/i.test(attribute),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    const answer = {
      status: response.status,
      headers: response.headers,
      body: parsed,
      text,
      setCookies,
    };
    assertDeclaredAnswer(
      this.services,
      {
        method,
        pathname: url.pathname,
        host: options.host,
        json: headers.get("accept") === "application/json",
      },
      answer,
    );
    return answer;
  }
}
