import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "@/db/schema";
import { setHooks } from "@/lib/server/hooks";
import { defineAbility, IMPERSONATE_ABILITY } from "@/lib/policies/abilities";
import type { PolicyUser } from "@/lib/policies/user-policy";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const ADMIN = "admin@example.com";
const app = useTestApp({
  auth: { admins: [ADMIN, "second-admin@example.com"] },
});

async function adminAndTarget() {
  const admin = await app.createUser({ email: ADMIN, name: "Admin" });
  const target = await app.createUser({
    email: "target@example.com",
    name: "Target",
  });
  return { admin, target, agent: await signIn(app, admin) };
}

describe("POST /auth/impersonate (contract §3 Impersonation, normal → normal)", () => {
  it("answers {token, url} for an admin and an existing target; url is GET impersonate/{token}", async () => {
    const { target, agent } = await adminAndTarget();
    const response = await agent.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      token: expect.any(String),
      url: expect.any(String),
    });
    const url = new URL(response.body.url);
    expect(url.origin).toBe("http://localhost:3000");
    expect(decodeURIComponent(url.pathname)).toBe(
      `/auth/impersonate/${response.body.token}`,
    );
    // Requesting a token changes nothing yet.
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { email: ADMIN },
      impersonating: false,
    });
  });

  it("accepts the id as a string of digits, as a form sends it", async () => {
    const { target, agent } = await adminAndTarget();
    expect(
      (
        await agent.post("/auth/impersonate", {
          target_user_id: String(target.id),
        })
      ).status,
    ).toBe(200);
  });

  it("always answers JSON, even to a browser (contract §1)", async () => {
    const { target, agent } = await adminAndTarget();
    const response = await agent.post(
      "/auth/impersonate",
      { target_user_id: target.id },
      { asJson: false },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body.token).toEqual(expect.any(String));
  });

  it("answers 422 on target_user_id when the target does not exist (contract §4: must exist)", async () => {
    const { agent } = await adminAndTarget();
    const response = await agent.post("/auth/impersonate", {
      target_user_id: 999_999,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The selected target user id is invalid.",
      errors: { target_user_id: ["The selected target user id is invalid."] },
    });
  });

  it("treats a soft-deleted target as absent (422)", async () => {
    const { target, agent } = await adminAndTarget();
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, target.id));
    expect(
      (await agent.post("/auth/impersonate", { target_user_id: target.id }))
        .status,
    ).toBe(422);
  });

  it("answers 422 for a missing or malformed target_user_id", async () => {
    const { agent } = await adminAndTarget();
    const missing = await agent.post("/auth/impersonate", {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      target_user_id: ["The target user id field is required."],
    });
    const malformed = await agent.post("/auth/impersonate", {
      target_user_id: "1; drop table users",
    });
    expect(malformed.body.errors).toEqual({
      target_user_id: ["The selected target user id is invalid."],
    });
  });

  it("refuses a non-admin with 403, whether or not the id exists (no enumeration)", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const agent = await signIn(app, user);
    expect(
      (await agent.post("/auth/impersonate", { target_user_id: other.id }))
        .status,
    ).toBe(403);
    expect(
      (await agent.post("/auth/impersonate", { target_user_id: 999_999 }))
        .status,
    ).toBe(403);
  });

  it("refuses an admin impersonating themself or another admin (contract §2 Ability default)", async () => {
    const { admin, agent } = await adminAndTarget();
    const second = await app.createUser({ email: "Second-Admin@example.com" });
    expect(
      (await agent.post("/auth/impersonate", { target_user_id: admin.id }))
        .status,
    ).toBe(403);
    expect(
      (await agent.post("/auth/impersonate", { target_user_id: second.id }))
        .status,
    ).toBe(403);
  });

  it("answers 403 when allow-impersonate is false, even with an authorizer that allows (contract §5 rule 5)", async () => {
    app.configure({ auth: { "allow-impersonate": false } });
    setHooks({ impersonationAuthorizer: () => true });
    const { target, agent } = await adminAndTarget();
    expect(
      (await agent.post("/auth/impersonate", { target_user_id: target.id }))
        .status,
    ).toBe(403);
    // Closed before validation: no 422 either.
    expect((await agent.post("/auth/impersonate", {})).status).toBe(403);
  });

  it("refuses a bearer-only request: impersonation needs a session (contract §5 rule 5)", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const target = await app.createUser();
    const client = app.agent();
    await client.csrf();
    const created = await client.post("/auth/create-token", {
      email: ADMIN,
      password: PASSWORD,
      name: "ci",
    });
    expect(created.status).toBe(200);
    const response = await app
      .agent()
      .post(
        "/auth/impersonate",
        { target_user_id: target.id },
        { bearer: created.body.token },
      );
    expect(response.status).toBe(403);
    // The same token may do what it is for: the guard accepted it.
    const auth = await app
      .agent()
      .get("/auth/get-auth", { bearer: created.body.token });
    expect(auth.body).toMatchObject({ user: { id: admin.id }, is_admin: true });
  });

  it("answers 401 without a user and 419 without the CSRF token", async () => {
    const { target, agent } = await adminAndTarget();
    const guest = app.agent();
    await guest.csrf();
    expect(
      (await guest.post("/auth/impersonate", { target_user_id: target.id }))
        .status,
    ).toBe(401);
    expect(
      (
        await agent.post(
          "/auth/impersonate",
          { target_user_id: target.id },
          { noCsrf: true },
        )
      ).status,
    ).toBe(419);
  });

  it("follows an application-defined ability instead of the default rule (contract §5 rule 5)", async () => {
    defineAbility(
      IMPERSONATE_ABILITY,
      (user: PolicyUser, target?: PolicyUser) =>
        user.email === "support@example.com" && target?.email !== ADMIN,
    );
    const { target, agent: adminAgent } = await adminAndTarget();
    const support = await app.createUser({ email: "support@example.com" });
    const supportAgent = await signIn(app, support);
    expect(
      (
        await supportAgent.post("/auth/impersonate", {
          target_user_id: target.id,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await adminAgent.post("/auth/impersonate", {
          target_user_id: target.id,
        })
      ).status,
    ).toBe(403);
  });

  it("lets a custom request authorizer replace who may request a token", async () => {
    const { target, agent: adminAgent } = await adminAndTarget();
    const helper = await app.createUser({ email: "helper@example.com" });
    const seen: (number | null)[] = [];
    setHooks({
      impersonationAuthorizer: (user, candidate) => {
        seen.push(candidate?.id ?? null);
        return user.email === "helper@example.com";
      },
    });
    const helperAgent = await signIn(app, helper);
    expect(
      (
        await helperAgent.post("/auth/impersonate", {
          target_user_id: target.id,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await adminAgent.post("/auth/impersonate", {
          target_user_id: target.id,
        })
      ).status,
    ).toBe(403);
    expect(seen).toEqual([target.id, target.id]);
  });

  it("lets a custom rules callback replace the validation rules", async () => {
    setHooks({
      impersonationRules: () =>
        z
          .strictObject({
            target_user_id: z.int(),
            reason: z.string().min(5),
            _token: z.unknown().optional(),
          })
          .transform(({ target_user_id }) => ({ target_user_id })),
    });
    const { target, agent } = await adminAndTarget();
    const refused = await agent.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(["reason"]);
    expect(
      (
        await agent.post("/auth/impersonate", {
          target_user_id: target.id,
          reason: "ticket 42",
        })
      ).status,
    ).toBe(200);
  });
});
