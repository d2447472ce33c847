import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uploads, users } from "@/db/schema";
import { UPLOAD_FILE_ROUTE } from "@/lib/uploads/routes";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";

// A quota per user (count and bytes); a replaced or removed photo is deleted.
const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (bytes: number) =>
  Uint8Array.from({ length: bytes }, (_, index) => PNG_HEADER[index] ?? 0);

async function upload(agent: Agent, bytes = 100) {
  const form = new FormData();
  form.append(
    "file",
    new Blob([png(bytes)], { type: "image/png" }),
    "photo.png",
  );
  form.append("visibility", "public");
  return agent.upload("/api/lu/upload/file", form, { host: UPLOAD_FILE_ROUTE });
}

const setAvatar = (agent: Agent, userId: number, avatar: string) =>
  agent.put(
    "/api/app/user/update",
    { user_id: userId, avatar },
    { host: USER_UPDATE_ROUTE },
  );
const fileOf = (uri: string) =>
  path.join(
    app.services.env.DATA_DIR,
    "uploads",
    uri.slice("/uploads/".length),
  );
const rowsOf = async (userId: number) =>
  (
    await app.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.userId, userId))
  ).map((row) => row.path);

describe("upload quota and photo cleanup", () => {
  it("records who uploaded what, and refuses a file past uploads.max-files with 422 on file", async () => {
    app.configure({ auth: { uploads: { "max-files": 2 } } });
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const first = await upload(agent);
    const second = await upload(agent);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await rowsOf(user.id)).toEqual([first.body.uri, second.body.uri]);
    const third = await upload(agent);
    expect(third.status).toBe(422);
    expect(third.body.errors).toEqual({
      file: ["You may keep at most 2 uploaded files."],
    });
    // Someone else's quota is their own.
    expect(
      (await upload(await signIn(app, await app.createUser()))).status,
    ).toBe(200);
  });

  it("refuses a file that would take the user past uploads.max-total-kilobytes", async () => {
    app.configure({ auth: { uploads: { "max-total-kilobytes": 3 } } });
    const user = await app.createUser();
    const agent = await signIn(app, user);
    expect((await upload(agent, 2048)).status).toBe(200);
    const over = await upload(agent, 1025);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({
      file: ["Your uploaded files may take at most 3 kilobytes in all."],
    });
    expect((await upload(agent, 1024)).status).toBe(200);
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  it("counts concurrent uploads of one user exactly", async () => {
    app.configure({ auth: { uploads: { "max-files": 3 } } });
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const statuses = (
      await Promise.all(Array.from({ length: 6 }, () => upload(agent)))
    )
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 200, 200, 422, 422, 422]);
    expect(await rowsOf(user.id)).toHaveLength(3);
  });

  it("deletes a replaced photo and a removed one (file and row), which frees the quota", async () => {
    app.configure({ auth: { uploads: { "max-files": 2 } } });
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const first = (await upload(agent)).body.uri as string;
    expect((await setAvatar(agent, user.id, first)).status).toBe(200);
    const second = (await upload(agent)).body.uri as string;
    expect((await setAvatar(agent, user.id, second)).status).toBe(200);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(await rowsOf(user.id)).toEqual([second]);
    expect((await upload(agent)).status).toBe(200); // room again

    expect((await setAvatar(agent, user.id, "")).status).toBe(200);
    expect(existsSync(fileOf(second))).toBe(false);
    expect(await rowsOf(user.id)).not.toContain(second);
  });

  it("keeps a replaced photo that another user still shows", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const shared = (await upload(agent)).body.uri as string;
    await setAvatar(agent, user.id, shared);
    const other = await app.createUser({ payload: { avatar: shared } });
    await setAvatar(agent, user.id, "");
    expect(existsSync(fileOf(shared))).toBe(true);
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, other.id));
    expect(row?.payload).toEqual({ avatar: shared });
  });
});
