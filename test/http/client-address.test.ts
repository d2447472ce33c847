import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { activityLog, rateLimits } from "@/db/schema";
import { stampClientAddresses } from "@/lib/http/client-address";
import { dispatch } from "@/lib/server/pipeline";
import { csrfCookie } from "@/lib/server/csrf-cookie";
import { useTestApp } from "../support/app";

// TRUST_PROXY counts hops (docs/configuration.md "Environment"). The server appends its socket's peer to
// X-Forwarded-For (lib/http/client-address.ts); the in-process agent sends that last entry itself.
const app = useTestApp();
const LOCKED = /Too many login attempts/;

/** Six failed logins for one email, each with another made-up leftmost X-Forwarded-For entry. */
async function failSixTimes(chainFor: (attempt: number) => string) {
  const user = await app.createUser({
    email: `victim-${Math.random().toString(36).slice(2, 8)}@example.com`,
  });
  const agent = app.agent();
  await agent.csrf();
  const messages: string[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await agent.post(
      "/auth/login",
      { email: user.email, password: "wrong-password" },
      { headers: { "x-forwarded-for": chainFor(attempt) } },
    );
    expect(response.status).toBe(422);
    messages.push(String(response.body.errors.email[0]));
  }
  return { user, messages };
}

const spoofed = (attempt: number) => `198.51.100.${attempt + 1}`;

async function recordedAddresses(userId: number): Promise<string[]> {
  const rows = await app.database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.subjectId, userId));
  return [...new Set(rows.map((row) => String(row.properties?.ip)))];
}

describe("the client's address (TRUST_PROXY hops)", () => {
  for (const value of ["false", "0"]) {
    it(`TRUST_PROXY=${value}: the socket's peer, whatever the client put in X-Forwarded-For`, async () => {
      app.configure({ env: { TRUST_PROXY: value } });
      const { user, messages } = await failSixTimes(
        (attempt) => `${spoofed(attempt)}, 192.0.2.10`,
      );
      expect(messages[5]).toMatch(LOCKED);
      expect(await recordedAddresses(user.id)).toEqual(["192.0.2.10"]);
    });
  }

  for (const value of ["true", "1"]) {
    it(`TRUST_PROXY=${value}: the address one trusted proxy appended; entries left of it are ignored`, async () => {
      app.configure({ env: { TRUST_PROXY: value } });
      const { user, messages } = await failSixTimes(
        (attempt) => `${spoofed(attempt)}, 203.0.113.7, 10.0.0.2`,
      );
      expect(messages[5]).toMatch(LOCKED);
      expect(await recordedAddresses(user.id)).toEqual(["203.0.113.7"]);
    });
  }

  it("TRUST_PROXY=2: the address two proxies from the right", async () => {
    app.configure({ env: { TRUST_PROXY: "2" } });
    const { user, messages } = await failSixTimes(
      (attempt) => `${spoofed(attempt)}, 203.0.113.7, 10.0.0.3, 10.0.0.2`,
    );
    expect(messages[5]).toMatch(LOCKED);
    expect(await recordedAddresses(user.id)).toEqual(["203.0.113.7"]);
  });

  it("counts each client behind the proxies apart, and takes the leftmost entry when the chain is shorter than the hops", async () => {
    app.configure({ env: { TRUST_PROXY: "2" } });
    const { user } = await failSixTimes(
      () => "203.0.113.7, 10.0.0.3, 10.0.0.2",
    );
    const other = app.agent();
    await other.csrf();
    const response = await other.post(
      "/auth/login",
      { email: user.email, password: "wrong-password" },
      { headers: { "x-forwarded-for": "203.0.113.8, 10.0.0.2" } },
    );
    expect(response.body.errors.email[0]).toBe(
      "These credentials do not match our records.",
    );
    expect(await recordedAddresses(user.id)).toEqual([
      "203.0.113.7",
      "203.0.113.8",
    ]);
  });

  it("refuses a TRUST_PROXY that is not a number of hops, naming it", () => {
    for (const value of ["yes", "-1", "1.5", "33"]) {
      expect(
        () => app.configure({ env: { TRUST_PROXY: value } }),
        value,
      ).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("the server's stamp, over a real socket", () => {
  let restore: (() => void) | null = null;
  let server: http.Server | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
    server?.close();
    server = null;
  });

  /**
   * A server shaped like Next's: it accepts connections at once and holds each request until
   * start-up has finished, then hands it to the real pipeline.
   */
  async function serve(startedUp: Promise<void>) {
    const arrivals: (() => void)[] = [];
    const seen: string[] = [];
    server = http.createServer((incoming, outgoing) => {
      arrivals.shift()?.();
      void startedUp.then(async () => {
        seen.push(String(incoming.headers["x-forwarded-for"]));
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers))
          if (typeof value === "string") headers.set(name, value);
        const request = new Request(
          new URL(incoming.url ?? "/", app.services.env.APP_URL),
          { headers },
        );
        const response = request.url.endsWith("/sanctum/csrf-cookie")
          ? await csrfCookie(request, app.services)
          : await dispatch(
              request,
              new URL(request.url).pathname,
              app.services,
            );
        outgoing.writeHead(
          response.status,
          Object.fromEntries(response.headers),
        );
        outgoing.end(await response.text());
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const send = (path: string, forwardedFor: string) => {
      const arrived = new Promise<void>((resolve) => arrivals.push(resolve));
      const answer = fetch(`http://127.0.0.1:${port}${path}`, {
        headers: {
          accept: "application/json",
          "x-forwarded-for": forwardedFor,
        },
      });
      return { arrived, answer };
    };
    return { send, seen };
  }

  it("appends the socket's peer to what the client sent, once however often start-up runs", async () => {
    restore = stampClientAddresses();
    expect(stampClientAddresses()).toBe(restore);
    const { send, seen } = await serve(Promise.resolve());
    expect((await send("/auth/get-auth", "198.51.100.1").answer).status).toBe(
      200,
    );
    expect(seen).toEqual(["198.51.100.1, 127.0.0.1"]);
  });

  it("answers 503 to a request accepted before start-up installed the stamp, and counts nothing for it", async () => {
    let finishStartUp = () => {};
    const { send } = await serve(
      new Promise<void>((resolve) => (finishStartUp = resolve)),
    );
    const early = [
      send("/auth/get-auth", "198.51.100.1"),
      send("/sanctum/csrf-cookie", "198.51.100.2"),
    ];
    await Promise.all(early.map((request) => request.arrived));
    restore = stampClientAddresses();
    finishStartUp();
    for (const { answer } of early) {
      const response = await answer;
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("1");
    }
    // Its retry is stamped and served.
    expect((await send("/auth/get-auth", "198.51.100.1").answer).status).toBe(
      200,
    );
    expect(await app.database.db.select().from(rateLimits)).toEqual([]);
  });
});
