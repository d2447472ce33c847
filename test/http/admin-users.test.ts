import { describe, expect, it } from "vitest";
import { setHooks } from "@/lib/server/hooks";
import { ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN, "boss@example.com"] } });

const list = (agent: Agent, query = "", options = {}) =>
  agent.get(`/api/admin/users${query}`, {
    host: ADMIN_USERS_ROUTE,
    ...options,
  });

async function adminAgent() {
  const admin = await app.createUser({ email: ADMIN, name: "Admin" });
  return { admin, agent: await signIn(app, admin) };
}

describe("GET /api/admin/users (policy viewAny)", () => {
  it("answers Laravel's paginator of AdminUser rows", async () => {
    const { admin, agent } = await adminAgent();
    const user = await app.createUser({
      name: "Plain",
      email: "plain@example.com",
      payload: { avatar: "/uploads/a.png" },
    });
    const response = await list(agent);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: expect.any(Array),
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: 2,
    });
    const [first, second] = response.body.data;
    expect(first).toMatchObject({
      id: admin.id,
      is_admin: true,
      deleted_at: null,
      can: { impersonate: false, delete: false, restore: false, manage: false },
    });
    expect(second).toEqual({
      id: user.id,
      name: "Plain",
      email: "plain@example.com",
      email_verified_at: expect.any(String),
      payload: { avatar: "/uploads/a.png" },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      is_admin: false,
      deleted_at: null,
      two_factor_enabled: false,
      can: { impersonate: true, delete: true, restore: false, manage: true },
    });
    expect(second).not.toHaveProperty("password");
  });

  it("answers 403 to a non-admin and 401 to a guest", async () => {
    const user = await app.createUser();
    expect((await list(await signIn(app, user))).status).toBe(403);
    expect((await list(app.agent())).status).toBe(401);
  });

  it("searches name or email case-insensitively, with LIKE wildcards taken literally", async () => {
    const { agent } = await adminAgent();
    await app.createUser({ name: "Alice Smith", email: "alice@example.com" });
    await app.createUser({ name: "Bob", email: "ALICE.B@corp.example" });
    await app.createUser({ name: "100% Carol", email: "carol_x@example.com" });
    await app.createUser({ name: "Dave", email: "dave@example.com" });
    const names = async (query: string) =>
      (await list(agent, query)).body.data.map((u: { name: string }) => u.name);
    expect(await names("?search=alice")).toEqual(["Alice Smith", "Bob"]);
    expect(await names("?search=%25")).toEqual(["100% Carol"]);
    expect(await names("?search=_x")).toEqual(["100% Carol"]);
    expect(await names("?search=a_e")).toEqual([]);
    expect(await names("?search=")).toHaveLength(5);
  });

  it("paginates: page and per_page, last_page, total, an empty page past the end", async () => {
    const { agent } = await adminAgent();
    for (let i = 0; i < 6; i++) await app.createUser({ name: `User ${i}` });
    const second = await list(agent, "?per_page=3&page=2");
    expect(second.body).toMatchObject({
      current_page: 2,
      last_page: 3,
      per_page: 3,
      total: 7,
    });
    expect(second.body.data.map((u: { name: string }) => u.name)).toEqual([
      "User 2",
      "User 3",
      "User 4",
    ]);
    const past = await list(agent, "?per_page=3&page=9");
    expect(past.body).toMatchObject({
      data: [],
      current_page: 9,
      last_page: 3,
      total: 7,
    });
  });

  it("filters by status: active (default), trashed, all", async () => {
    const { agent } = await adminAgent();
    const gone = await app.createUser({
      name: "Gone",
      deletedAt: new Date("2026-11-01T00:00:00Z"),
    });
    const active = await list(agent);
    expect(active.body.data.map((u: { id: number }) => u.id)).not.toContain(
      gone.id,
    );
    const trashed = await list(agent, "?status=trashed");
    expect(trashed.body.data).toEqual([
      expect.objectContaining({
        id: gone.id,
        deleted_at: "2026-11-01T00:00:00.000Z",
        can: {
          impersonate: false,
          delete: false,
          restore: true,
          manage: false,
        },
      }),
    ]);
    expect((await list(agent, "?status=all")).body.total).toBe(2);
  });

  it("answers 422 for invalid query parameters (per_page at most 100)", async () => {
    const { agent } = await adminAgent();
    const response = await list(
      agent,
      "?per_page=101&page=0&status=gone&sort=id",
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      per_page: ["The per page field must not be greater than 100."],
      page: ["The page field must be at least 1."],
      status: ["The selected status is invalid."],
      sort: ["The sort field is prohibited."],
    });
    expect((await list(agent, "?page=abc")).body.errors).toEqual({
      page: ["The page field must be an integer."],
    });
    expect((await list(agent, "?per_page=100")).status).toBe(200);
  });

  it("can.impersonate follows the ability, allow-impersonate and the session", async () => {
    const { admin } = await adminAgent();
    const boss = await app.createUser({ email: "boss@example.com" });
    await app.createUser({ email: "plain@example.com" });
    const canImpersonate = async (agent: Agent, options = {}) =>
      Object.fromEntries(
        (await list(agent, "", options)).body.data.map(
          (u: { email: string; can: { impersonate: boolean } }) => [
            u.email,
            u.can.impersonate,
          ],
        ),
      );
    const agent = await signIn(app, admin);
    expect(await canImpersonate(agent)).toEqual({
      [ADMIN]: false,
      "boss@example.com": false,
      "plain@example.com": true,
    });
    setHooks({
      impersonationAuthorizer: (_user, target) => target?.id === boss.id,
    });
    expect(await canImpersonate(agent)).toEqual({
      [ADMIN]: false,
      "boss@example.com": true,
      "plain@example.com": false,
    });
    setHooks({ impersonationAuthorizer: undefined });
    const client = app.agent();
    await client.csrf();
    const token = (
      await client.post("/auth/create-token", {
        email: ADMIN,
        password: PASSWORD,
        name: "ci",
      })
    ).body.token;
    expect(await canImpersonate(app.agent(), { bearer: token })).toEqual({
      [ADMIN]: false,
      "boss@example.com": false,
      "plain@example.com": false,
    });
    app.configure({ auth: { "allow-impersonate": false } });
    expect(await canImpersonate(await signIn(app, admin))).toEqual({
      [ADMIN]: false,
      "boss@example.com": false,
      "plain@example.com": false,
    });
  });
});
