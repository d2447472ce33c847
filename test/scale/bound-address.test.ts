import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppInstance, startInstance } from "../support/app-instance";
import { HttpClient } from "../support/http-client";
import { readOutbox } from "../support/outbox";

// Every API path works whatever address `next start` is bound to. Next spells a loopback host
// "localhost" in proxy.ts's URLs, so a rewrite the proxy built looked external under
// `-H 127.0.0.1` and answered 404; the proxy now rewrites on `request.url`, the address the router
// resolved the request on, with `skipProxyUrlNormalize` (record 001).
// The "back" redirect compares the Referer with APP_URL and Host, never request.url.
const PASSWORD = "plum-orbit-4812";
const KEYS = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const unique = (name: string) =>
  `${name}-${Math.random().toString(36).slice(2, 10)}@example.test`;

/** The browser's form post (no JSON), with the session and XSRF cookies of `client`. */
async function formPost(
  client: HttpClient,
  url: string,
  fields: Record<string, string>,
  referer: string,
): Promise<Response> {
  const xsrf = decodeURIComponent(client.cookies.get("XSRF-TOKEN") ?? "");
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      accept: "text/html",
      "content-type": "application/x-www-form-urlencoded",
      cookie: [...client.cookies]
        .map(([name, value]) => `${name}=${value}`)
        .join("; "),
      referer,
    },
    body: new URLSearchParams({ ...fields, _token: xsrf }),
  });
}

for (const hostname of ["127.0.0.1", "0.0.0.0"]) {
  for (const prefix of ["auth", "account"]) {
    describe(`next start -H ${hostname}, routes.prefix "${prefix}"`, () => {
      let instance: AppInstance;
      let outbox: string;
      /** The address a browser uses: the one the server is bound to, or its name for all interfaces. */
      let base: string;
      const api = (action: string) => `/${prefix}/${action}`;
      // Passport's prefix moves with the auth prefix here: the proxy rewrites it to the dispatcher.
      const oauthPath = prefix === "auth" ? "oauth" : "passport";

      beforeAll(async () => {
        outbox = mkdtempSync(path.join(tmpdir(), "bound-address-outbox-"));
        const env = {
          SESSION_SECRET: "bound-address-secret-that-is-at-least-32-characters",
          SESSION_SECURE_COOKIE: "false",
          MAIL_DRIVER: "outbox",
          MAIL_OUTBOX_DIR: outbox,
          // A production server makes no OAuth keys (decision record 092): it is given a pair.
          PASSPORT_PRIVATE_KEY: KEYS.privateKey,
          PASSPORT_PUBLIC_KEY: KEYS.publicKey,
          AUTH_CONFIG_JSON: JSON.stringify({
            hashing: { rounds: 4 },
            routes: { prefix },
            oauth: { path: oauthPath },
          }),
        };
        instance = await startInstance(env, { hostname });
        base =
          hostname === "0.0.0.0"
            ? `http://localhost:${instance.port}`
            : instance.base;
      });

      afterAll(async () => {
        await instance?.dispose();
        rmSync(outbox, { recursive: true, force: true });
      });

      it("registers, signs out and in, and knows who is signed in", async () => {
        const client = new HttpClient();
        expect((await client.csrf(base)).status).toBe(204);
        const email = unique("bound");
        const registered = await client.post(base, api("register"), {
          name: "Bound",
          email,
          password: PASSWORD,
          password_confirmation: PASSWORD,
        });
        expect(registered.status, registered.text).toBe(200);
        expect((await client.get(base, api("get-auth"))).body).toMatchObject({
          authenticated: true,
          user: { email },
        });
        expect((await client.post(base, api("logout"))).status).toBe(200);
        await client.csrf(base);
        const login = await client.post(base, api("login"), {
          email,
          password: PASSWORD,
        });
        expect(login.status, login.text).toBe(200);
        expect(login.body).toMatchObject({ success: true, user: { email } });
      });

      it("serves the OAuth server under its configured path, and only there", async () => {
        const metadata = await fetch(
          `${base}/.well-known/oauth-authorization-server`,
        );
        expect(
          ((await metadata.json()) as { token_endpoint: string })
            .token_endpoint,
        ).toMatch(new RegExp(`/${oauthPath}/token$`));
        const token = (path: string) =>
          fetch(`${base}${path}`, {
            method: "POST",
            headers: {
              accept: "application/json",
              "content-type": "application/x-www-form-urlencoded",
            },
            body: "grant_type=client_credentials&client_id=no-such-client",
          });
        const served = await token(`/${oauthPath}/token`);
        expect([served.status, await served.json()]).toEqual([
          401,
          expect.objectContaining({ error: "invalid_client" }),
        ]);
        if (oauthPath !== "oauth")
          expect((await token("/oauth/token")).status).toBe(404);
      });

      it("verifies an address through the emailed link: the signed query survives the way in", async () => {
        const client = new HttpClient();
        await client.csrf(base);
        const email = unique("verify");
        expect(
          (
            await client.post(base, api("register"), {
              name: "Verify",
              email,
              password: PASSWORD,
              password_confirmation: PASSWORD,
            })
          ).status,
        ).toBe(200);
        let link: URL | null = null;
        const deadline = Date.now() + 15_000;
        while (!link && Date.now() < deadline) {
          const mails = readOutbox(outbox);
          const match = /https?:\/\/\S+/.exec(
            mails.find((mail) => mail.to.includes(email))?.text ?? "",
          );
          if (match) link = new URL(match[0]);
          else await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(link?.pathname).toMatch(new RegExp(`^/${prefix}/email/verify/`));
        const verified = await client.get(
          base,
          `${link?.pathname}${link?.search}`,
        );
        expect([verified.status, verified.body]).toEqual([
          200,
          { verified: true },
        ]);
      });

      it("answers forgot-password as JSON, and sends a browser back to the page it came from", async () => {
        const client = new HttpClient();
        await client.csrf(base);
        const answer = await client.post(base, api("forgot-password"), {
          email: unique("nobody"),
        });
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body).toMatchObject({ success: true });

        const back = await formPost(
          client,
          `${base}${api("forgot-password")}`,
          { email: unique("nobody") },
          `${base}/auth/forgot-password?from=mail`,
        );
        expect([back.status, back.headers.get("location")]).toEqual([
          302,
          "/auth/forgot-password?from=mail",
        ]);
        const elsewhere = await formPost(
          client,
          `${base}${api("forgot-password")}`,
          { email: unique("nobody") },
          `${base}//evil.example/phish`,
        );
        expect([elsewhere.status, elsewhere.headers.get("location")]).toEqual([
          302,
          "/",
        ]);
      });

      it("serves the screens, with their policy", async () => {
        const screen = await fetch(`${base}/auth/login`);
        expect(screen.status).toBe(200);
        expect(screen.headers.get("content-security-policy")).toMatch(
          /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/,
        );
        expect(await screen.text()).toContain("<form");
        const unknown = await fetch(`${base}/${prefix}/no-such-action`, {
          headers: { accept: "text/html" },
        });
        expect(unknown.status).toBe(404);
        // proxy.ts's matcher is fixed at build time: the default prefix's API stays off the proxy
        // even when the prefix moved (the pipeline answers its JSON 404), a browser still gets the page.
        const direct = await fetch(`${base}/auth/get-auth`, {
          headers: { accept: "application/json" },
        });
        expect([direct.status, direct.headers.get("server-timing")]).toEqual([
          prefix === "auth" ? 200 : 404,
          null,
        ]);
        const browser = await fetch(`${base}/auth/get-auth`, {
          headers: { accept: "text/html" },
        });
        expect([browser.status, browser.headers.get("server-timing")]).toEqual([
          prefix === "auth" ? 200 : 404,
          "proxy",
        ]);
      });
    });
  }
}
