import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient } from "@/lib/client/api";

// The browser is the process boundary here: `fetch` and `document.cookie` are stood in for.
type Call = { url: string; method: string; headers: Headers; body: unknown };

const ROUTES = {
  login: { method: "POST", template: "/auth/login" },
  "get-auth": { method: "GET", template: "/auth/get-auth" },
  "impersonate-token": { method: "GET", template: "/auth/impersonate/{token}" },
  "passkey-update": {
    method: "PUT",
    template: "/auth/user/passkeys/{passkey}",
  },
  "api.admin.users.index": { method: "GET", template: "/api/admin/users" },
};
const CREDENTIALS = { email: "a@example.test", password: "secret" };

let calls: Call[];
let replies: Response[];
const browser = { cookie: "", documentElement: { lang: "es" } };

function reply(status: number, body?: unknown, setXsrf?: string): Response {
  if (setXsrf) browser.cookie = `XSRF-TOKEN=${setXsrf}`;
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
  });
}

beforeEach(() => {
  calls = [];
  replies = [];
  browser.cookie = "XSRF-TOKEN=first%3D";
  vi.stubGlobal("document", browser);
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: init.body,
    });
    if (url === "/sanctum/csrf-cookie") return reply(204, undefined, "fresh");
    const next = replies.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return next;
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("the API client (contract §4 rule 7)", () => {
  it("sends JSON, the page language and the XSRF-TOKEN cookie as X-XSRF-TOKEN, with credentials", async () => {
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    replies.push(reply(200, { success: true }));
    await api.call("login", CREDENTIALS);
    const [call] = calls;
    expect(call?.url).toBe("/auth/login");
    expect(call?.headers.get("accept")).toBe("application/json");
    expect(call?.headers.get("accept-language")).toBe("es");
    expect(call?.headers.get("x-xsrf-token")).toBe("first%3D");
    expect(call?.body).toBe(JSON.stringify(CREDENTIALS));
  });

  it("fetches a fresh CSRF cookie after a 419 and retries once with it", async () => {
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    replies.push(
      reply(419, { message: "CSRF token mismatch." }),
      reply(200, { success: true }),
    );
    await expect(api.call("login", CREDENTIALS)).resolves.toEqual({
      success: true,
    });
    expect(calls.map((call) => call.url)).toEqual([
      "/auth/login",
      "/sanctum/csrf-cookie",
      "/auth/login",
    ]);
    expect(calls[2]?.headers.get("x-xsrf-token")).toBe("fresh");
  });

  it("gives up after the one retry", async () => {
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    replies.push(
      reply(419, { message: "CSRF token mismatch." }),
      reply(419, { message: "CSRF token mismatch." }),
    );
    await expect(api.call("login", CREDENTIALS)).rejects.toMatchObject({
      status: 419,
      message: "CSRF token mismatch.",
    });
  });

  it("gets a CSRF cookie first when there is none, instead of provoking a 419", async () => {
    browser.cookie = "";
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    replies.push(reply(200, { success: true }));
    await api.call("login", CREDENTIALS);
    expect(calls.map((call) => call.url)).toEqual([
      "/sanctum/csrf-cookie",
      "/auth/login",
    ]);
  });

  it("reports a 401 outside session loading, and not while loading the session", async () => {
    const onUnauthenticated = vi.fn();
    const api = createApiClient({ routes: ROUTES, onUnauthenticated });
    replies.push(reply(401, { message: "Unauthenticated." }));
    await expect(
      api.call("get-auth", undefined, { ignoreUnauthenticated: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthenticated).not.toHaveBeenCalled();
    replies.push(reply(401, { message: "Unauthenticated." }));
    await expect(api.call("api.admin.users.index")).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it("keeps a 422's field errors", async () => {
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    replies.push(reply(422, { message: "Bad.", errors: { email: ["Bad."] } }));
    await expect(api.call("login", CREDENTIALS)).rejects.toMatchObject({
      status: 422,
      errors: { email: ["Bad."] },
    });
  });

  it("keeps a 429's Retry-After, for the words that say when to try again", async () => {
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    replies.push(
      new Response(JSON.stringify({ message: "Too Many Attempts." }), {
        status: 429,
        headers: { "Retry-After": "42" },
      }),
    );
    await expect(api.call("login", CREDENTIALS)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 42,
    });
  });

  it("fills path parameters from the input; the other fields are a GET's query or the JSON body", async () => {
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    expect(api.path("impersonate-token", { token: "a/b" })).toBe(
      "/auth/impersonate/a%2Fb",
    );
    replies.push(reply(200, { success: true }));
    await api.call("impersonate-token", { token: "a/b" });
    replies.push(reply(200, { data: [] }));
    await api.call("api.admin.users.index", { search: "ann", page: 2 });
    replies.push(reply(200, { passkey: {} }));
    await api.call("passkey-update", { passkey: 7, name: "Phone" });
    expect(calls.map(({ url, method, body }) => [method, url, body])).toEqual([
      ["GET", "/auth/impersonate/a%2Fb", undefined],
      ["GET", "/api/admin/users?search=ann&page=2", undefined],
      ["PUT", "/auth/user/passkeys/7", JSON.stringify({ name: "Phone" })],
    ]);
  });

  it("asks for the password after a 423 and makes the call again, once, when it was confirmed", async () => {
    const onConfirmationRequired = vi.fn(async () => true);
    const api = createApiClient({
      routes: ROUTES,
      onUnauthenticated: vi.fn(),
      onConfirmationRequired,
    });
    replies.push(
      reply(423, { message: "Password confirmation required." }),
      reply(200, { success: true }),
    );
    await expect(api.call("login", CREDENTIALS)).resolves.toEqual({
      success: true,
    });
    expect(onConfirmationRequired).toHaveBeenCalledOnce();
    expect(
      calls.map((call) => `${call.method} ${call.url} ${String(call.body)}`),
    ).toEqual([
      `POST /auth/login ${JSON.stringify(CREDENTIALS)}`,
      `POST /auth/login ${JSON.stringify(CREDENTIALS)}`,
    ]);
  });

  it("fails with the server's 423 when the confirmation was given up, or asked for again after it", async () => {
    const api = createApiClient({
      routes: ROUTES,
      onUnauthenticated: vi.fn(),
      onConfirmationRequired: async () => false,
    });
    replies.push(reply(423, { message: "Password confirmation required." }));
    await expect(api.call("login", CREDENTIALS)).rejects.toMatchObject({
      status: 423,
      message: "Password confirmation required.",
    });
    expect(calls).toHaveLength(1);

    const confirming = createApiClient({
      routes: ROUTES,
      onUnauthenticated: vi.fn(),
      onConfirmationRequired: async () => true,
    });
    replies.push(
      reply(423, { message: "Password confirmation required." }),
      reply(423, { message: "Password confirmation required." }),
    );
    await expect(confirming.call("login", CREDENTIALS)).rejects.toMatchObject({
      status: 423,
    });
    expect(calls).toHaveLength(3);
  });

  it("turns an unreachable server into status 0", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const api = createApiClient({ routes: ROUTES, onUnauthenticated: vi.fn() });
    await expect(api.call("get-auth")).rejects.toMatchObject({ status: 0 });
  });
});

describe("isApiPath", () => {
  it("tells an API link (a mail's verification link) from a screen", () => {
    const api = createApiClient({
      routes: {
        "verification-verify": {
          method: "GET",
          template: "/auth/email/verify/{id}/{hash}",
        },
      },
      onUnauthenticated: vi.fn(),
    });
    expect(
      api.isApiPath("/auth/email/verify/3/abc?expires=1&signature=x"),
    ).toBe(true);
    expect(api.isApiPath("/admin/profile")).toBe(false);
  });
});
