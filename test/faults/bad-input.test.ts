import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { Agent } from "../support/agent";
import { badBodies, badParams, badQueries } from "../support/adversarial";
import { useTestApp } from "../support/app";
import { walkSession, walkUser } from "../support/route-walk";
import {
  type ApiTarget,
  apiTargets,
  writtenRows,
} from "../support/api-targets";

// Decision record 010: bad input, systematically. Every endpoint of the route table and every host route gets
// random and adversarial bodies (or query strings and path parameters for GETs): the answer is a
// 4xx (a GET without parameters may answer 200), never a 5xx, and nothing is written.
const ADMIN = "admin@example.test";
const app = useTestApp({
  // Every optional feature on, so that each of their routes is walked too.
  auth: { admins: [ADMIN], features: { passwordless: true } },
  services: {
    acme: {
      driver: "oidc",
      client_id: "c",
      client_secret: "s",
      redirect: "/auth/social/acme/callback",
      scopes: ["openid"],
      authorization_endpoint: "http://127.0.0.1:9/authorize",
      token_endpoint: "http://127.0.0.1:9/token",
      userinfo_endpoint: "http://127.0.0.1:9/userinfo",
    },
  },
});
const NUM_RUNS = 30;
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

type Target = ApiTarget;

const targets = await apiTargets();

function pathOf(
  target: Target,
  params: string[],
): { path: string; values: Record<string, string> } {
  const values = Object.fromEntries(
    target.params.map((name, index) => [name, params[index] ?? "x"]),
  );
  const path = target.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? "x"),
  );
  return { path, values };
}

/** A guest and the administrator, signed in (accounts as decision record 093 makes them). */
async function callers(): Promise<{ guest: Agent; admin: Agent }> {
  const guest = app.agent();
  await guest.csrf();
  await walkUser(app, ADMIN);
  // Remembered: the clock moves a minute per run, past the idle lifetime by the end.
  const admin = await walkSession(app, ADMIN);
  await walkUser(app, "someone@example.test");
  return { guest, admin };
}

afterAll(() => {
  // Nothing a body carried reached Object.prototype.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
    PROTOTYPE_KEYS,
  );
});

describe.each(targets)(
  "bad input to $label (decision record 010)",
  (target) => {
    it("never answers 5xx and writes nothing", async () => {
      app.setNow(new Date("2026-11-22T12:00:00Z"));
      const { guest, admin } = await callers();
      const agent = target.isGuestOnly ? guest : admin;
      const isGet = target.method === "GET";
      const input = isGet
        ? fc.record({
            query: badQueries,
            body: fc.constant(null),
            params: fc.array(badParams, { minLength: 2, maxLength: 2 }),
          })
        : fc.record({
            query: fc.constant(""),
            body: badBodies,
            params: fc.array(badParams, { minLength: 2, maxLength: 2 }),
          });
      // Counted after each run, which is checked to write nothing: the next starts from these.
      let before = await writtenRows(app.database.db);
      await fc.assert(
        fc.asyncProperty(input, async ({ query, body, params }) => {
          // Fresh throttle windows, so validation (not a 429) is what answers.
          app.advance(61);
          const { path, values } = pathOf(target, params);
          const headers: Record<string, string> =
            body?.contentType != null
              ? { "content-type": body.contentType }
              : {};
          const response = await agent.request(
            target.method,
            query ? `${path}?${query}` : path,
            {
              body: body?.body,
              headers,
              host: target.host,
              params: values,
            },
          );
          const context = `${target.label} ${body?.kind ?? `?${query.slice(0, 200)}`} → ${response.status} ${response.text.slice(0, 300)}`;
          expect(response.status, context).toBeLessThan(500);
          if (!isGet || target.params.length > 0)
            expect(response.status, context).toBeGreaterThanOrEqual(400);
          const was = before;
          before = await writtenRows(app.database.db);
          expect(before, context).toEqual(was);
        }),
        { numRuns: NUM_RUNS },
      );
      // The callers are untouched: bad input neither signed anyone out nor in.
      expect((await admin.get("/auth/get-auth")).body.authenticated).toBe(true);
      expect((await guest.get("/auth/get-auth")).body.authenticated).toBe(
        false,
      );
    });
  },
);
