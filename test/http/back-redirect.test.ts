import { describe, expect, it } from "vitest";
import { signIn, useTestApp } from "../support/app";

// contract §1: without JSON, forgot-password and flush-tokens go back to the previous page. "Previous"
// is the Referer when it is this application's own page: the host of APP_URL or the request's
// Host — never request.url's, which Next's server spells "localhost" whatever the browser used.
const app = useTestApp({
  auth: {
    limiters: { "forgot-password": [{ by: "ip", max: 100, minutes: 1 }] },
  },
});
const browser = { asJson: false } as const;
/** What `request.url` is behind `next start` on port 3000, whatever address the browser used. */
const BEHIND_NEXT = "http://localhost:3000";

async function forgotFrom(headers: Record<string, string>) {
  const guest = app.agent();
  await guest.csrf();
  const response = await guest.post(
    "/auth/forgot-password",
    { email: "someone@example.com" },
    { ...browser, base: BEHIND_NEXT, headers },
  );
  expect(response.status).toBe(302);
  return response.headers.get("location");
}

describe("the back redirect trusts APP_URL and Host, never request.url's host", () => {
  it("goes back when the application is reached as 127.0.0.1", async () => {
    const page = "http://127.0.0.1:3000/auth/forgot-password?from=mail";
    expect(await forgotFrom({ host: "127.0.0.1:3000", referer: page })).toBe(
      "/auth/forgot-password?from=mail",
    );

    const user = await app.createUser();
    const agent = await signIn(app, user);
    const flush = await agent.post(
      "/auth/flush-tokens",
      {},
      {
        ...browser,
        base: BEHIND_NEXT,
        headers: {
          host: "127.0.0.1:3000",
          referer: "http://127.0.0.1:3000/tokens",
        },
      },
    );
    expect([flush.status, flush.headers.get("location")]).toEqual([
      302,
      "/tokens",
    ]);
  });

  it("goes back when reached by APP_URL's host, whatever Host the proxy in front sends", async () => {
    app.configure({
      env: { APP_URL: "https://auth.example.test" },
      auth: {
        limiters: { "forgot-password": [{ by: "ip", max: 100, minutes: 1 }] },
      },
    });
    expect(
      await forgotFrom({
        host: "auth.example.test",
        referer: "https://auth.example.test/auth/forgot-password",
      }),
    ).toBe("/auth/forgot-password");
    expect(
      await forgotFrom({
        host: "10.0.0.7:3000",
        referer: "https://auth.example.test/auth/forgot-password",
      }),
    ).toBe("/auth/forgot-password");
  });

  it("sends a failed form back to it when reached as 127.0.0.1", async () => {
    const guest = app.agent();
    await guest.csrf();
    const invalid = await guest.post(
      "/auth/login",
      { email: "nope" },
      {
        ...browser,
        base: BEHIND_NEXT,
        headers: {
          host: "127.0.0.1:3000",
          referer: "http://127.0.0.1:3000/auth/login",
        },
      },
    );
    expect([invalid.status, invalid.headers.get("location")]).toEqual([
      302,
      "/auth/login",
    ]);
  });

  it("falls back to / for another host, and never answers a Location a browser reads as another host", async () => {
    const host = "127.0.0.1:3000";
    const hostile = [
      "//evil.example/phish",
      "/\\evil.example/phish",
      "https://evil.example/phish",
      "http://127.0.0.1:3000.evil.example/phish",
      "http://127.0.0.1:3000//evil.example/phish",
      "http://127.0.0.1:3000/\\evil.example/phish",
      "http://localhost:3000//evil.example/phish",
      "http://localhost:3000/%2F/evil.example",
      "http://localhost:3000/\t/evil.example",
    ];
    for (const referer of hostile) {
      // "/" or a path: a slash followed by anything but another slash or a backslash.
      expect(await forgotFrom({ host, referer }), referer).toMatch(
        /^\/(?![/\\])/,
      );
    }
    expect(
      await forgotFrom({
        host,
        referer: "http://localhost:3000//evil.example/phish",
      }),
    ).toBe("/");
    expect(
      await forgotFrom({ host, referer: "https://evil.example/phish" }),
    ).toBe("/");
  });
});
