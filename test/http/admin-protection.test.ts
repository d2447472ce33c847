import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import {
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
  ADMIN_USERS_ROUTE,
} from "@/lib/admin/routes";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";

// contract §2 Ability keeps an administrator from impersonating another; decision record 014
// extends that to every action on another administrator's account.
const ALICE = "alice@example.com";
const BOB = "bob@example.com";
const app = useTestApp({ auth: { admins: [ALICE, BOB] } });

const AVATAR = "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png";
const update = (agent: Agent, body: Record<string, unknown>) =>
  agent.put("/api/app/user/update", body, { host: USER_UPDATE_ROUTE });
const remove = (agent: Agent, id: number) =>
  agent.delete(`/api/admin/users/${id}`, {
    host: ADMIN_USER_DELETE_ROUTE,
    params: { id: String(id) },
  });
const restore = (agent: Agent, id: number) =>
  agent.post(
    `/api/admin/users/${id}/restore`,
    {},
    { host: ADMIN_USER_RESTORE_ROUTE, params: { id: String(id) } },
  );

async function reload(id: number) {
  const [row] = await app.database.db
    .select()
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new Error("gone");
  return row;
}

async function setup() {
  const alice = await app.createUser({ email: ALICE, name: "Alice" });
  const bob = await app.createUser({ email: BOB, name: "Bob" });
  const carol = await app.createUser({
    email: "carol@example.com",
    name: "Carol",
  });
  return { alice, bob, carol, agent: await signIn(app, alice) };
}

describe("administrators are protected from each other (contract §2 Ability, decision 011)", () => {
  it("admin A cannot change admin B's name, address or photo: 403, nothing changes", async () => {
    const { bob, agent } = await setup();
    const before = await reload(bob.id);
    for (const change of [
      { name: "Mallory" },
      { email: "mallory@example.com" },
      { avatar: AVATAR },
      { avatar: "" },
    ]) {
      expect(
        (await update(agent, { user_id: bob.id, ...change })).status,
        JSON.stringify(change),
      ).toBe(403);
    }
    // No route sets another account's password; the field is refused like any unknown one.
    expect(
      (await update(agent, { user_id: bob.id, password: "another-password" }))
        .status,
    ).toBe(422);
    expect(await reload(bob.id)).toEqual(before);
    expect(
      (await app.mail()).filter((mail) =>
        mail.to.includes("mallory@example.com"),
      ),
    ).toEqual([]);
  });

  it("admin A cannot delete admin B, nor restore B once deleted (403)", async () => {
    const { bob, agent } = await setup();
    expect((await remove(agent, bob.id)).status).toBe(403);
    expect((await reload(bob.id)).deletedAt).toBeNull();
    const deletedAt = new Date("2026-11-01T00:00:00Z");
    await app.database.db
      .update(users)
      .set({ deletedAt })
      .where(eq(users.id, bob.id));
    expect((await restore(agent, bob.id)).status).toBe(403);
    expect((await reload(bob.id)).deletedAt).toEqual(deletedAt);
  });

  it("admin A still changes, deletes and restores an account that is not an administrator's", async () => {
    const { carol, agent } = await setup();
    expect(
      (
        await update(agent, {
          user_id: carol.id,
          name: "Caroline",
          avatar: AVATAR,
        })
      ).status,
    ).toBe(200);
    expect(await reload(carol.id)).toMatchObject({
      name: "Caroline",
      payload: { avatar: AVATAR },
    });
    expect((await remove(agent, carol.id)).status).toBe(200);
    expect((await restore(agent, carol.id)).status).toBe(200);
    expect((await reload(carol.id)).deletedAt).toBeNull();
  });

  it("admin A changes their own account through their own profile", async () => {
    const { alice, agent } = await setup();
    expect(
      (
        await update(agent, {
          user_id: alice.id,
          name: "Alice A.",
          avatar: AVATAR,
        })
      ).status,
    ).toBe(200);
    expect(await reload(alice.id)).toMatchObject({
      name: "Alice A.",
      payload: { avatar: AVATAR },
    });
  });

  it("an unverified account on the list is no administrator, so it is not protected", async () => {
    const { agent } = await setup();
    const squatter = await app.createUser({
      email: "Bob2@example.com",
      emailVerifiedAt: null,
    });
    app.configure({ auth: { admins: [ALICE, BOB, "bob2@example.com"] } });
    expect(
      (await update(agent, { user_id: squatter.id, name: "Renamed" })).status,
    ).toBe(200);
    expect((await remove(agent, squatter.id)).status).toBe(200);
  });

  it("the user list offers no action on another administrator", async () => {
    const { bob, carol, agent } = await setup();
    const rows = (
      await agent.get("/api/admin/users", { host: ADMIN_USERS_ROUTE })
    ).body.data as { id: number; can: Record<string, boolean> }[];
    const can = (id: number) => rows.find((row) => row.id === id)?.can;
    expect(can(bob.id)).toEqual({
      impersonate: false,
      delete: false,
      restore: false,
      manage: false,
    });
    expect(can(carol.id)).toMatchObject({ impersonate: true, delete: true });
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, bob.id));
    const trashed = (
      await agent.get("/api/admin/users?status=trashed", {
        host: ADMIN_USERS_ROUTE,
      })
    ).body.data as { id: number; can: Record<string, boolean> }[];
    expect(trashed.find((row) => row.id === bob.id)?.can).toEqual({
      impersonate: false,
      delete: false,
      restore: false,
      manage: false,
    });
  });
});
