import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authenticationLog, uploads, users } from "@/db/schema";
import { exportUserData, USER_DATA_FORMAT } from "@/lib/users/export-data";
import { USER_DATA_EXPORT_ROUTE } from "@/lib/account/routes";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import { signIn, useTestApp } from "../support/app";
import { createToken } from "../support/tokens";
import { stepUp } from "../support/two-factor";

// "Download my data", decision record 021.
const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const download = (agent: ReturnType<typeof app.agent>, options = {}) =>
  agent.get("/api/app/user/export", {
    host: USER_DATA_EXPORT_ROUTE,
    ...options,
  });

describe("GET /api/app/user/export", () => {
  it("answers a JSON attachment with the account, sessions, tokens, uploads and activity, and no secret", async () => {
    app.setNow(new Date("2026-11-25T09:00:00Z"));
    const user = await app.createUser({
      name: "Dora Data",
      email: "dora@example.com",
    });
    const agent = await signIn(app, user);
    // It reveals the account: behind the step-up (decision record 028).
    await stepUp(agent);
    await signIn(app, user); // another browser
    const plain = await createToken(app, user.email, {
      name: "deploy",
      abilities: ["user:write"],
    });
    await app.database.db.insert(uploads).values({
      userId: user.id,
      path: "/uploads/photo.png",
      bytes: 1234,
      createdAt: new Date("2026-11-25T08:00:00Z"),
    });
    // Another model's sign-in under the same id (a Laravel database's table): not this account's.
    await app.database.db.insert(authenticationLog).values({
      authenticatableType: "App\\Models\\Admin",
      authenticatableId: user.id,
      ipAddress: "10.9.9.9",
      loginAt: new Date("2026-11-25T08:30:00Z"),
      loginSuccessful: true,
    });
    await agent.put(
      "/api/app/user/update",
      { user_id: user.id, name: "Dora D." },
      { host: USER_UPDATE_ROUTE },
    );

    const response = await download(agent);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/json; charset=utf-8",
    );
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="my-data-2026-11-25.json"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store, private");
    const data = response.body;
    expect(data.format).toBe(USER_DATA_FORMAT);
    expect(data.exported_at).toBe("2026-11-25T09:00:00.000Z");
    expect(data.account).toMatchObject({
      id: user.id,
      name: "Dora D.",
      email: "dora@example.com",
      deleted_at: null,
      pending_email: null,
    });
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions[0]).toEqual({
      ip_address: "127.0.0.1",
      user_agent: "",
      last_active_at: expect.any(String),
      impersonated_by: null,
    });
    expect(data.tokens).toEqual([
      {
        id: expect.any(Number),
        name: "deploy",
        abilities: ["user:write"],
        last_used_at: null,
        expires_at: null,
        created_at: "2026-11-25T09:00:00.000Z",
      },
    ]);
    expect(data.uploads).toEqual([
      {
        path: "/uploads/photo.png",
        bytes: 1234,
        created_at: "2026-11-25T08:00:00.000Z",
      },
    ]);
    // The sign-in history (decision record 095): both browsers' sign-ins, and no other model's.
    expect(data.authentication_log).toEqual([
      {
        ip_address: "127.0.0.1",
        user_agent: null,
        login_at: "2026-11-25T09:00:00.000Z",
        login_successful: true,
        logout_at: null,
        cleared_by_user: false,
        location: null,
      },
      expect.objectContaining({ ip_address: "127.0.0.1" }),
    ]);
    expect(
      data.activity.map((entry: { event: string }) => entry.event),
    ).toEqual([
      "user-updated",
      "token-created",
      "login",
      "password-confirmed",
      "login",
    ]);
    expect(data.activity[0]).toMatchObject({
      about_you: true,
      by_you: true,
      properties: { ip: "127.0.0.1" },
    });

    // No secret leaves: the password hash, session ids, the token's secret or hash, the remember token.
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    for (const secret of [
      row?.password ?? "",
      plain.split("|")[1] ?? "",
      agent.cookies.get("auth_session") ?? "",
    ])
      expect(response.text).not.toContain(secret);
    expect(response.text).not.toMatch(
      /"(password|remember_token|token|payload_hash|id_session)"\s*:/,
    );
    expect(Object.keys(data.sessions[0])).not.toContain("id");
  });

  it("is the caller's own data only, and the same object the command line exports", async () => {
    const user = await app.createUser();
    const other = await app.createUser({ email: "someone-else@example.com" });
    await signIn(app, other);
    const agent = await signIn(app, user);
    await stepUp(agent);
    const response = await download(agent);
    expect(response.body.account.id).toBe(user.id);
    expect(response.text).not.toContain("someone-else@example.com");
    const direct = await exportUserData(app.database.db, user.id, {
      now: new Date(response.body.exported_at),
    });
    expect(JSON.parse(JSON.stringify(direct))).toEqual(response.body);
    await expect(exportUserData(app.database.db, 999_999)).rejects.toThrow(
      "There is no user with id 999999.",
    );
  });

  it("answers 401 to a guest, and 403 while impersonating and to any token: it is the owner's session's (decision record 028)", async () => {
    const guest = app.agent();
    expect((await download(guest)).status).toBe(401);
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser();
    const agent = await signIn(app, admin);
    const { body } = await agent.post("/auth/impersonate", {
      target_user_id: user.id,
    });
    expect((await agent.get(`/auth/impersonate/${body.token}`)).status).toBe(
      200,
    );
    expect((await download(agent)).status).toBe(403);
    const token = await createToken(app, user.email, { abilities: ["*"] });
    const viaToken = await download(app.agent(), { bearer: token });
    expect(viaToken.status).toBe(403);
  });
});
