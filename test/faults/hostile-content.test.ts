import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type User, users } from "@/db/schema";
import { createContext } from "@/lib/server/context";
import type { Endpoint } from "@/lib/server/endpoint";
import { openSession } from "@/lib/server/pipeline";
import type { Agent } from "../support/agent";
import { PASSWORD, useTestApp } from "../support/app";
import { hashedPassword, walkSession, walkUser } from "../support/route-walk";
import { fieldNames, hostileBodies } from "../support/hostile-fields";
import {
  type ApiTarget,
  apiTargets,
  writtenRows,
} from "../support/api-targets";

// Decision record 010: bad input that looks right. Every field of each endpoint's own schema gets plausible or
// hostile values (emoji, lone surrogates, injection text, boundary lengths, far dates, huge ids),
// so validation passes now and then and the domain and database see them: never a 5xx, and a
// request refused with a 4xx writes nothing.
const ADMIN = "admin@example.test";
// Every optional feature on, so that each of their routes is walked too.
const app = useTestApp({
  auth: { admins: [ADMIN], features: { passwordless: true } },
});
const NUM_RUNS = 30;

type Target = ApiTarget;

const targets = (await apiTargets()).filter(
  (target) => target.method !== "GET" && target.endpoint.input,
);

/** The endpoint's field names, from its schema as the administrator would get it (some depend on the caller). */
async function fieldsOf(endpoint: Endpoint, admin: User): Promise<string[]> {
  const request = new Request(app.services.env.APP_URL);
  const ctx = createContext(
    request,
    app.services,
    await openSession(request, app.services),
  );
  ctx.auth = { user: admin, via: "session", token: null };
  return endpoint.input
    ? fieldNames(endpoint.input(app.services.config, ctx))
    : [];
}

/**
 * A caller for one run: a fresh guest, or the administrator as it was made (a run may change the
 * password or delete the account), signed in afresh after an answer that may have changed
 * something; a refusal wrote nothing (checked), so its session carries on.
 */
async function caller(
  target: Target,
  previous: { agent: Agent; status: number } | null,
): Promise<Agent> {
  if (target.isGuestOnly) {
    const agent = app.agent();
    await agent.csrf();
    return agent;
  }
  await app.database.db
    .update(users)
    .set({ password: await hashedPassword(), deletedAt: null })
    .where(eq(users.email, ADMIN));
  if (previous && previous.status >= 400) return previous.agent;
  return walkSession(app, ADMIN);
}

describe.each(targets)(
  "plausible but hostile input to $label (decision record 010)",
  (target) => {
    it("never answers 5xx; a refusal writes nothing", async () => {
      app.setNow(new Date("2026-11-22T12:00:00Z"));
      const admin = await walkUser(app, ADMIN);
      await walkUser(app, "someone@example.test");
      const fields = await fieldsOf(target.endpoint, admin);
      const params = fc.record({
        id: fc.constantFrom("1", "2", "3", "x"),
        key: fc.constantFrom("allow-registration", "password.length", "nope"),
      });
      // Counted after each run: a refusal is checked to write nothing, the next starts from these.
      let before = await writtenRows(app.database.db);
      let previous: { agent: Agent; status: number } | null = null;
      await fc.assert(
        fc.asyncProperty(
          hostileBodies(fields),
          params,
          async (body, values) => {
            app.advance(61);
            const agent = await caller(target, previous);
            // A new session is a row of its own, before the request.
            if (!target.isGuestOnly && agent !== previous?.agent)
              before = await writtenRows(app.database.db);
            const path = target.template.replace(
              /\{(\w+)\}/g,
              (_, name: "id" | "key") => encodeURIComponent(values[name]),
            );
            const response = await agent.request(target.method, path, {
              json: body,
              host: target.host,
              params: values,
            });
            const context = `${target.label} ${JSON.stringify(body).slice(0, 300)} → ${response.status} ${response.text.slice(0, 300)}`;
            previous = { agent, status: response.status };
            expect(response.status, context).toBeLessThan(500);
            const was = before;
            before = await writtenRows(app.database.db);
            if (response.status >= 400) expect(before, context).toEqual(was);
          },
        ),
        { numRuns: NUM_RUNS },
      );
    });
  },
);

describe("regressions found by the properties above (decision record 010)", () => {
  it("create-token with an expiry past year 9999 answers 422, not 500 (PostgreSQL cannot store it)", async () => {
    await app.createUser({ email: ADMIN });
    const guest = app.agent();
    await guest.csrf();
    for (const expires_at of ["+275760-09-13T00:00:00.000Z", "10000-01-01"]) {
      const response = await guest.post("/auth/create-token", {
        email: ADMIN,
        password: PASSWORD,
        name: "far",
        expires_at,
      });
      expect(response.status, expires_at).toBe(422);
      expect(response.body.errors).toEqual({
        expires_at: ["The expires at field must be a valid date."],
      });
    }
  });
});
