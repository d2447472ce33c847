import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { ADMIN_USERS_EXPORT_ROUTE } from "@/lib/admin/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const exportCsv = (agent: Agent, query = "") =>
  agent.get(`/api/admin/users/export${query}`, {
    host: ADMIN_USERS_EXPORT_ROUTE,
  });

describe("GET /api/admin/users/export (policy export)", () => {
  it("answers users.csv with a header and one escaped, formula-safe row per user", async () => {
    const admin = await app.createUser({
      email: ADMIN,
      name: "Admin",
      emailVerifiedAt: new Date("2026-01-02T03:04:05Z"),
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const evil = await app.createUser({
      name: '=HYPERLINK("http://evil.example","click")',
      email: "evil@example.com",
      emailVerifiedAt: null,
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    const response = await exportCsv(await signIn(app, admin));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "text/csv; charset=utf-8",
    );
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="users.csv"',
    );
    expect(response.text.split("\r\n")).toEqual([
      "id,name,email,email_verified_at,created_at,deleted_at",
      `${admin.id},Admin,${ADMIN},2026-01-02T03:04:05.000Z,2026-01-01T00:00:00.000Z,`,
      `${evil.id},"'=HYPERLINK(""http://evil.example"",""click"")",evil@example.com,,2026-02-01T00:00:00.000Z,`,
      "",
    ]);
  });

  it("applies search and status like the listing", async () => {
    const agent = await signIn(app, await app.createUser({ email: ADMIN }));
    await app.createUser({ name: "Kept", email: "kept@example.com" });
    const gone = await app.createUser({
      name: "Gone",
      email: "gone@example.com",
      deletedAt: new Date("2026-11-01T00:00:00Z"),
    });
    const emails = async (query: string) =>
      (await exportCsv(agent, query)).text
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(",")[2]);
    expect(await emails("")).toEqual([ADMIN, "kept@example.com"]);
    expect(await emails("?status=trashed")).toEqual(["gone@example.com"]);
    expect(await emails("?status=all")).toEqual([
      ADMIN,
      "kept@example.com",
      "gone@example.com",
    ]);
    expect(await emails("?status=all&search=GONE")).toEqual([
      "gone@example.com",
    ]);
    expect((await exportCsv(agent, "?status=trashed")).text).toContain(
      `${gone.id},Gone,gone@example.com,`,
    );
    expect((await exportCsv(agent, "?status=trashed")).text).toContain(
      ",2026-11-01T00:00:00.000Z\r\n",
    );
  });

  it("streams every row past one batch", async () => {
    const agent = await signIn(app, await app.createUser({ email: ADMIN }));
    const values = Array.from({ length: 520 }, (_, i) => ({
      name: `Bulk ${i}`,
      email: `bulk-${i}@example.com`,
      password: "x",
    }));
    await app.database.db.insert(users).values(values);
    const lines = (await exportCsv(agent)).text.trim().split("\r\n");
    expect(lines).toHaveLength(1 + 1 + 520);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it("answers 403 to a non-admin and 422 to unknown filters", async () => {
    expect(
      (await exportCsv(await signIn(app, await app.createUser()))).status,
    ).toBe(403);
    const agent = await signIn(app, await app.createUser({ email: ADMIN }));
    expect((await exportCsv(agent, "?status=everyone")).status).toBe(422);
  });
});
