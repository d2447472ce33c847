import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { setHooks } from "@/lib/server/hooks";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();

async function bearerFor(email: string): Promise<string> {
  const agent = app.agent();
  await agent.csrf();
  return (
    await agent.post("/auth/create-token", {
      email,
      password: PASSWORD,
      name: "cli",
    })
  ).body.token as string;
}

// contract §2 "Get-auth response object": one `it` per field's source.
describe("GET /auth/get-auth (contract §2, §4 rule 2)", () => {
  it("answers a guest with no user", async () => {
    const response = await app.agent().get("/auth/get-auth");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: null,
      authenticated: false,
      is_admin: false,
      verified: false,
      impersonating: false,
      two_factor_enabled: false,
      two_factor_required: false,
    });
  });

  it("answers the session's user", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const response = await agent.get("/auth/get-auth");
    expect(response.body).toEqual({
      user: expect.objectContaining({
        id: user.id,
        name: user.name,
        email: user.email,
        payload: null,
      }),
      authenticated: true,
      is_admin: false,
      verified: true,
      impersonating: false,
      two_factor_enabled: false,
      two_factor_required: false,
    });
    expect(response.body.user).not.toHaveProperty("password");
    expect(response.body.user).not.toHaveProperty("remember_token");
  });

  it("answers the bearer token's user (the session-or-token guard)", async () => {
    const user = await app.createUser();
    const token = await bearerFor(user.email);
    const response = await app.agent().get("/auth/get-auth", { bearer: token });
    expect(response.body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
  });

  it("reports is_admin from ADMIN_EMAILS, case-insensitively (contract §1 rule 5)", async () => {
    app.configure({
      env: { ADMIN_EMAILS: " Boss@Example.com , , other@example.com" },
    });
    const admin = await app.createUser({ email: "boss@example.COM" });
    const plain = await app.createUser();
    expect(
      (await (await signIn(app, admin)).get("/auth/get-auth")).body.is_admin,
    ).toBe(true);
    expect(
      (await (await signIn(app, plain)).get("/auth/get-auth")).body.is_admin,
    ).toBe(false);
  });

  it("reports is_admin from the admins configuration key", async () => {
    app.configure({ auth: { admins: ["root@example.com"] } });
    const admin = await app.createUser({ email: "ROOT@example.com" });
    expect(
      (await (await signIn(app, admin)).get("/auth/get-auth")).body.is_admin,
    ).toBe(true);
  });

  it("reports verified from email_verified_at when must-verify-email is on", async () => {
    const unverified = await app.createUser({ emailVerifiedAt: null });
    expect(
      (await (await signIn(app, unverified)).get("/auth/get-auth")).body
        .verified,
    ).toBe(false);
  });

  it("reports every user verified when must-verify-email is off (contract §3, fixed in 6.0.2)", async () => {
    app.configure({ auth: { "must-verify-email": false } });
    const unverified = await app.createUser({ emailVerifiedAt: null });
    expect(
      (await (await signIn(app, unverified)).get("/auth/get-auth")).body
        .verified,
    ).toBe(true);
  });

  it("lets the application's getAuth hook replace the whole response (contract §5)", async () => {
    const seen: (number | null)[] = [];
    setHooks({
      getAuth: (user) => {
        seen.push(user?.id ?? null);
        return { me: user?.email ?? null };
      },
    });
    const user = await app.createUser();
    expect((await app.agent().get("/auth/get-auth")).body).toEqual({
      me: null,
    });
    expect(
      (await (await signIn(app, user)).get("/auth/get-auth")).body,
    ).toEqual({ me: user.email });
    expect(seen).toEqual([null, user.id]);
  });

  it("answers guest for a soft-deleted user's session", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, user.id));
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
  });
});
