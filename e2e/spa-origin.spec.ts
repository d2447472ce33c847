import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import {
  CORS_ONLY_SPA_PORT,
  FOREIGN_SPA_PORT,
  SERVER_PORT,
  STATEFUL_SPA_PORT,
} from "./support/ports";
import { startSpa, type SpaServer } from "./support/spa-server";
import { confirmPasswordOf, postJson } from "./support/users";

// contract §1 rule 6: a Laravel-style SPA (axios, withCredentials, withXSRFToken) on
// another origin. playwright.config.ts makes one SPA's origin stateful, and another's allowed by
// CORS but not stateful; a third, on 127.0.0.1, is neither (e2e/support/ports.ts).
// The application under test, on the port playwright.config.ts gives it (E2E_PORT).
const API = `http://localhost:${SERVER_PORT}`;
type Reply = { status: number; data: Record<string, unknown> };

let spas: SpaServer[] = [];
test.afterEach(async () => {
  await Promise.all(spas.map((spa) => spa.close()));
  spas = [];
});

async function openSpa(
  page: import("@playwright/test").Page,
  host: string,
  port: number,
) {
  const spa = await startSpa(host, port, API);
  spas.push(spa);
  await page.goto(spa.origin);
  return (name: string, ...args: string[]) =>
    page.evaluate(
      ([fn, params]) => {
        const spa = (
          window as unknown as {
            spa: Record<string, (...a: string[]) => Promise<Reply>>;
          }
        ).spa;
        const call = spa[fn];
        if (!call) throw new Error(`no spa.${fn}`);
        return call(...params);
      },
      [name, args] as const,
    ) as Promise<Reply>;
}

test("a SPA on a stateful origin signs in, changes the password and signs out with axios", async ({
  page,
  users,
  snap,
}) => {
  const user = await users.create("spa");
  const spa = await openSpa(page, "localhost", STATEFUL_SPA_PORT);
  expect((await spa("csrf")).status).toBe(204);
  expect((await spa("login", user.email, user.password)).data).toMatchObject({
    success: true,
  });
  expect((await spa("getAuth")).data).toMatchObject({
    authenticated: true,
    user: { email: user.email },
  });
  expect(
    (await spa("updatePassword", user.password, "a-brand-new-password-7")).data,
  ).toMatchObject({ success: true });
  expect((await spa("getAuth")).data).toMatchObject({ authenticated: true });
  expect((await spa("logout")).data).toEqual({ success: true });
  expect((await spa("getAuth")).data).toMatchObject({
    authenticated: false,
    user: null,
  });
  await snap("spa-stateful-origin");
});

test("a SPA on an origin that is not stateful signs in, but its next request is a guest's, and the server says why", async ({
  page,
  users,
}) => {
  const user = await users.create("stateless");
  const spa = await openSpa(page, "localhost", CORS_ONLY_SPA_PORT);
  await spa("csrf");
  expect((await spa("login", user.email, user.password)).status).toBe(200);
  expect((await spa("getAuth")).data).toMatchObject({ authenticated: false });
  const log = readFileSync(
    path.join(process.env.E2E_DATA_DIR ?? "", "server.log"),
    "utf8",
  );
  expect(log).toContain(
    `http://localhost:${CORS_ONLY_SPA_PORT}, which is not a stateful origin`,
  );
});

test("a page on any other origin cannot use the session, while bearer tokens work from it", async ({
  page,
  users,
  guard,
}) => {
  // The browser refuses the credentialed call: CORS errors are the expected outcome here.
  guard.allow(new RegExp(new URL(API).host));
  const user = await users.create("bearer");
  // The token is made from the user's session, which asks for the step-up first (decision record 024).
  await confirmPasswordOf(user);
  const created = await postJson(user.api, "/auth/create-token", {
    email: user.email,
    password: user.password,
    name: "spa",
  });
  const { token } = (await created.json()) as { token: string };
  const spa = await openSpa(page, "127.0.0.1", FOREIGN_SPA_PORT);
  expect((await spa("login", user.email, user.password)).status).toBe(0);
  const listed = await spa("tokens", token);
  expect(listed.status).toBe(200);
  expect(listed.data.tokens).toEqual([
    expect.objectContaining({ name: "spa" }),
  ]);
});
