export type HttpResponse = {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { [key: string]: unknown };
  text: string;
};

/**
 * A browser-like client of real servers over HTTP: one cookie jar whatever server it talks to
 * (as behind a load balancer), the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN, JSON both ways.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  /** `forwardedFor`: the client address a proxy would report (X-Forwarded-For; servers with TRUST_PROXY). */
  constructor(readonly forwardedFor?: string) {}

  async csrf(base: string): Promise<HttpResponse> {
    return this.request(base, "GET", "/sanctum/csrf-cookie");
  }

  get(base: string, path: string, options: { bearer?: string } = {}) {
    return this.request(base, "GET", path, undefined, options);
  }

  post(
    base: string,
    path: string,
    json: unknown = {},
    options: { bearer?: string } = {},
  ) {
    return this.request(base, "POST", path, json, options);
  }

  put(base: string, path: string, json: unknown = {}) {
    return this.request(base, "PUT", path, json);
  }

  async request(
    base: string,
    method: string,
    path: string,
    json?: unknown,
    options: { bearer?: string } = {},
  ): Promise<HttpResponse> {
    const headers = new Headers({ accept: "application/json" });
    if (this.cookies.size > 0)
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf) headers.set("x-xsrf-token", decodeURIComponent(xsrf));
    if (options.bearer)
      headers.set("authorization", `Bearer ${options.bearer}`);
    if (this.forwardedFor) headers.set("x-forwarded-for", this.forwardedFor);
    if (json !== undefined) headers.set("content-type", "application/json");
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let body: HttpResponse["body"] = {};
    try {
      body = text ? (JSON.parse(text) as HttpResponse["body"]) : {};
    } catch {
      // not JSON: the text is kept
    }
    return { status: response.status, headers: response.headers, body, text };
  }
}
