import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { ADMIN_ACTIVITY_ROUTE } from "@/lib/admin/routes";
import { recordActivity } from "@/lib/audit/activity";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const activity = (agent: Agent, query = "") =>
  agent.get(`/api/admin/activity${query}`, { host: ADMIN_ACTIVITY_ROUTE });

/** An admin whose sign-in is not part of the trail under test (entries before 2026-11-01 only). */
async function setup() {
  const admin = await app.createUser({ email: ADMIN, name: "Admin" });
  const user = await app.createUser({ name: "Uma", email: "uma@example.com" });
  const db = app.database.db;
  await recordActivity(
    db,
    { event: "login", subjectId: user.id, ip: "10.0.0.1" },
    new Date("2026-10-01T08:00:00Z"),
  );
  await recordActivity(
    db,
    {
      event: "impersonation-started",
      subjectId: user.id,
      causerId: admin.id,
      ip: "10.0.0.2",
    },
    new Date("2026-10-02T23:59:59Z"),
  );
  await recordActivity(
    db,
    { event: "token-created", subjectId: admin.id, properties: { name: "ci" } },
    new Date("2026-10-03T00:00:00Z"),
  );
  app.setNow(new Date("2026-11-22T12:00:00Z"));
  return { admin, user, agent: await signIn(app, admin) };
}

describe("GET /api/admin/activity (admins only)", () => {
  it("answers a paginator of entries, newest first, with subject and causer", async () => {
    const { admin, user, agent } = await setup();
    const response = await activity(agent);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 4,
    });
    expect(
      response.body.data.map((entry: { event: string }) => entry.event),
    ).toEqual(["login", "token-created", "impersonation-started", "login"]);
    expect(response.body.data[2]).toEqual({
      id: expect.any(Number),
      event: "impersonation-started",
      description: "impersonation-started",
      subject: { id: user.id, name: "Uma", email: "uma@example.com" },
      causer: { id: admin.id, name: "Admin", email: ADMIN },
      properties: { ip: "10.0.0.2" },
      created_at: "2026-10-02T23:59:59.000Z",
    });
    expect(response.body.data[3]).toMatchObject({
      causer: null,
      subject: { id: user.id },
    });
  });

  it("filters by user (as subject or causer), event, and an inclusive day range", async () => {
    const { user, agent } = await setup();
    const events = async (query: string) =>
      (await activity(agent, query)).body.data.map(
        (entry: { event: string }) => entry.event,
      );
    expect(await events(`?user_id=${user.id}`)).toEqual([
      "impersonation-started",
      "login",
    ]);
    expect(await events("?event=login")).toEqual(["login", "login"]);
    expect(await events("?from=2026-10-02&to=2026-10-02")).toEqual([
      "impersonation-started",
    ]);
    expect(await events("?from=2026-10-03")).toEqual([
      "login",
      "token-created",
    ]);
    expect(await events("?to=2026-10-01")).toEqual(["login"]);
    expect(await events("?event=nothing-like-this")).toEqual([]);
  });

  it("keeps entries about a deleted user readable", async () => {
    const { user, agent } = await setup();
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, user.id));
    const response = await activity(agent, `?user_id=${user.id}`);
    expect(response.body.data[0].subject).toEqual({
      id: user.id,
      name: "Uma",
      email: "uma@example.com",
    });
  });

  it("paginates", async () => {
    const { agent } = await setup();
    const page = await activity(agent, "?per_page=3&page=2");
    expect(page.body).toMatchObject({
      current_page: 2,
      last_page: 2,
      per_page: 3,
      total: 4,
    });
    expect(page.body.data).toHaveLength(1);
  });

  it("answers 422 for malformed filters", async () => {
    const { agent } = await setup();
    const response = await activity(
      agent,
      "?from=2026-02-30&to=yesterday&user_id=x&per_page=500",
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      from: ["The from field must match the format Y-m-d."],
      to: ["The to field must match the format Y-m-d."],
      user_id: ["The user id field must be a number."],
      per_page: ["The per page field must not be greater than 100."],
    });
    const reversed = await activity(agent, "?from=2026-10-03&to=2026-10-01");
    expect(reversed.body.errors).toEqual({
      to: ["The to field must be a date after or equal to from."],
    });
  });

  it("answers 403 to a non-admin and 401 to a guest", async () => {
    expect(
      (await activity(await signIn(app, await app.createUser()))).status,
    ).toBe(403);
    expect((await activity(app.agent())).status).toBe(401);
  });
});
