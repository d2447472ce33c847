import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, users } from "@/db/schema";
import { setHooks } from "@/lib/server/hooks";
import { verifyPassword } from "@/lib/auth/passwords";
import { z } from "zod";
import { PASSWORD, useTestApp } from "../support/app";

const app = useTestApp();

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "New Person",
  email: "new.person@example.com",
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...overrides,
});

async function rowsFor(email: string) {
  return app.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
}

describe("POST /auth/register (contract §4 rule 1)", () => {
  it("creates the user, signs them in on a regenerated session and answers {success, user}", async () => {
    const agent = await guest();
    const before = {
      session: agent.cookies.get(app.services.env.SESSION_COOKIE),
      xsrf: agent.cookies.get("XSRF-TOKEN"),
    };
    const response = await agent.post("/auth/register", valid());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({
        name: "New Person",
        email: "new.person@example.com",
      }),
    });
    expect(response.body.user).not.toHaveProperty("password");
    expect(agent.cookies.get(app.services.env.SESSION_COOKIE)).not.toBe(
      before.session,
    );
    expect(agent.cookies.get("XSRF-TOKEN")).not.toBe(before.xsrf);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: response.body.user.id },
    });
  });

  it("hashes the password once, as $2y$", async () => {
    await (await guest()).post("/auth/register", valid());
    const [row] = await rowsFor("new.person@example.com");
    expect(row?.password).toMatch(/^\$2y\$04\$/);
    expect(await verifyPassword(PASSWORD, row?.password ?? "")).toBe(true);
    const again = await guest();
    expect(
      (
        await again.post("/auth/login", {
          email: "new.person@example.com",
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it("fires Registered once with the new user (contract §6)", async () => {
    const registered = app.events("Registered");
    const response = await (await guest()).post("/auth/register", valid());
    expect(registered.map((event) => event.user.id)).toEqual([
      response.body.user.id,
    ]);
  });

  it("sends the verification email when must-verify-email is on (contract §1 rule 4)", async () => {
    await (await guest()).post("/auth/register", valid());
    const mail = await app.lastMailTo("new.person@example.com");
    expect(mail.subject).toBe("Verify Email Address");
    expect(mail.text).toMatch(
      /http:\/\/localhost:3000\/auth\/email\/verify\/\d+\/[0-9a-f]{40}\?expires=\d+&signature=[0-9a-f]{64}/,
    );
  });

  it("sends no verification email when must-verify-email is off", async () => {
    app.configure({ auth: { "must-verify-email": false } });
    expect((await (await guest()).post("/auth/register", valid())).status).toBe(
      200,
    );
    expect(await app.mail()).toEqual([]);
    expect(await app.database.db.select().from(jobs)).toEqual([]);
  });

  it("answers 403 when allow-registration is false, whatever the body", async () => {
    app.configure({ auth: { "allow-registration": false } });
    expect((await (await guest()).post("/auth/register", valid())).status).toBe(
      403,
    );
    expect((await (await guest()).post("/auth/register", {})).status).toBe(403);
    expect(await rowsFor("new.person@example.com")).toEqual([]);
  });

  it("requires name, email and password, and limits name to 255 characters", async () => {
    const agent = await guest();
    expect((await agent.post("/auth/register", {})).body.errors).toEqual({
      name: ["The name field is required."],
      email: ["The email field is required."],
      password: ["The password field is required."],
    });
    expect(
      (await agent.post("/auth/register", valid({ name: "n".repeat(256) })))
        .body.errors,
    ).toEqual({
      name: ["The name field must not be greater than 255 characters."],
    });
    expect(
      (await agent.post("/auth/register", valid({ name: "n".repeat(255) })))
        .status,
    ).toBe(200);
  });

  it("rejects an email that is taken, case-insensitively", async () => {
    await app.createUser({ email: "Taken@Example.com" });
    const response = await (
      await guest()
    ).post("/auth/register", valid({ email: "taken@example.COM" }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ["The email has already been taken."],
    });
  });

  it("names a taken email together with the other fields' errors, in one 422 (decision record 069)", async () => {
    app.configure({
      auth: { password: { length: 10, uppercase: false, number: false } },
    });
    await app.createUser({ email: "taken@example.com" });
    const response = await (
      await guest()
    ).post(
      "/auth/register",
      valid({
        name: "",
        email: "Taken@Example.com",
        password: "short",
        password_confirmation: "short",
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The name field is required. (and 2 more errors)",
      errors: {
        name: ["The name field is required."],
        email: ["The email has already been taken."],
        password: ["The password field must be at least 10 characters."],
      },
    });
    expect(Object.keys(response.body.errors)).toEqual([
      "name",
      "email",
      "password",
    ]);
    const malformed = await (
      await guest()
    ).post("/auth/register", valid({ email: "not-an-address", name: "" }));
    expect(malformed.body.errors).toEqual({
      name: ["The name field is required."],
      email: ["The email field must be a valid email address."],
    });
  });

  it("names the fields in the user's language: Spanish messages say contraseña and correo electrónico, not password and email", async () => {
    await app.createUser({ email: "taken@example.com" });
    const response = await (
      await guest()
    ).post(
      "/auth/register",
      valid({ email: "taken@example.com", password_confirmation: "other" }),
      { headers: { "accept-language": "es" } },
    );
    expect(response.body.errors).toEqual({
      email: ["El valor del campo correo electrónico ya está en uso."],
      password: ["La confirmación del campo contraseña no coincide."],
    });
  });

  it("rejects an email taken by a soft-deleted user without a 500", async () => {
    await app.createUser({ email: "gone@example.com", deletedAt: new Date() });
    const response = await (
      await guest()
    ).post("/auth/register", valid({ email: "gone@example.com" }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ["The email has already been taken."],
    });
  });

  it("names each failed password rule (contract §1 password.*)", async () => {
    app.configure({
      auth: { password: { length: 10, uppercase: true, number: true } },
    });
    const response = await (
      await guest()
    ).post(
      "/auth/register",
      valid({ password: "short", password_confirmation: "short" }),
    );
    expect(response.body.errors.password).toEqual([
      "The password field must be at least 10 characters.",
      "The password field must contain at least one uppercase letter.",
      "The password field must contain at least one number.",
    ]);
    expect(
      (
        await (
          await guest()
        ).post(
          "/auth/register",
          valid({
            password: "Longenough1",
            password_confirmation: "Longenough1",
          }),
        )
      ).status,
    ).toBe(200);
  });

  it("applies password rules kept under the legacy routes.password key (contract §1)", async () => {
    app.configure({
      auth: { routes: { password: { length: 12, number: true } } },
    });
    const response = await (
      await guest()
    ).post(
      "/auth/register",
      valid({ password: "abcdefgh", password_confirmation: "abcdefgh" }),
    );
    expect(response.body.errors.password).toEqual([
      "The password field must be at least 12 characters.",
      "The password field must contain at least one number.",
    ]);
  });

  it("requires the confirmation to match", async () => {
    const agent = await guest();
    expect(
      (
        await agent.post(
          "/auth/register",
          valid({ password_confirmation: "different-one" }),
        )
      ).body.errors,
    ).toEqual({
      password: ["The password field confirmation does not match."],
    });
    const missing = valid();
    delete (missing as Record<string, unknown>).password_confirmation;
    expect((await agent.post("/auth/register", missing)).body.errors).toEqual({
      password: ["The password field confirmation does not match."],
    });
  });

  it("stores only fillable fields: payload kept, ignored fields dropped, other fields refused", async () => {
    const agent = await guest();
    const response = await agent.post(
      "/auth/register",
      valid({
        payload: { avatar: "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png" },
        remember: true,
        redirect: "/admin",
        _token: "x",
      }),
    );
    expect(response.status).toBe(200);
    const [row] = await rowsFor("new.person@example.com");
    expect(row?.payload).toEqual({
      avatar: "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png",
    });
    const refused = await (
      await guest()
    ).post(
      "/auth/register",
      valid({
        email: "other@example.com",
        email_verified_at: "2026-01-01",
        id: 99,
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      email_verified_at: ["The email verified at field is prohibited."],
      id: ["The id field is prohibited."],
    });
  });

  it("stores only known payload keys, and an avatar only as an upload of this application", async () => {
    app.configure({
      auth: { limiters: { register: [{ by: "ip", max: 100, minutes: 1 }] } },
    });
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { avatar: "https://evil.example/a.png" },
        {
          "payload.avatar": [
            "The payload.avatar field must be a file uploaded to this application.",
          ],
        },
      ],
      [
        { avatar: "//evil.example/a.png" },
        {
          "payload.avatar": [
            "The payload.avatar field must be a file uploaded to this application.",
          ],
        },
      ],
      [
        { avatar: "/uploads/../../etc/passwd" },
        {
          "payload.avatar": [
            "The payload.avatar field must be a file uploaded to this application.",
          ],
        },
      ],
      [
        {
          avatar: "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png",
          is_admin: true,
        },
        { "payload.is_admin": ["The payload.is admin field is prohibited."] },
      ],
      [
        { blob: "x".repeat(900_000) },
        { "payload.blob": ["The payload.blob field is prohibited."] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await (
        await guest()
      ).post("/auth/register", valid({ payload }));
      expect(response.status, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(response.body.errors).toEqual(errors);
    }
    expect(await rowsFor("new.person@example.com")).toEqual([]);
  });

  it("drops payload when the fillable list leaves it out", async () => {
    app.configure({ auth: { "user-fillable": ["name", "email", "password"] } });
    expect(
      (
        await (
          await guest()
        ).post(
          "/auth/register",
          valid({
            payload: {
              avatar: "/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png",
            },
          }),
        )
      ).status,
    ).toBe(200);
    const [row] = await rowsFor("new.person@example.com");
    expect(row?.payload).toBeNull();
  });

  it("makes one user of two concurrent registrations of one email, answering the other 422, never 500", async () => {
    const [a, b] = await Promise.all([guest(), guest()]);
    const responses = await Promise.all([
      a.post("/auth/register", valid({ email: "race@example.com" })),
      b.post("/auth/register", valid({ email: "RACE@example.com" })),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(responses.find((r) => r.status === 422)?.body.errors).toEqual({
      email: ["The email has already been taken."],
    });
    expect(await rowsFor("race@example.com")).toHaveLength(1);
  });

  it("uses the application's registration rules when the hook is set (contract §5)", async () => {
    setHooks({
      registrationRules: () =>
        z.strictObject({
          email: z.email(),
          password: z.string().min(4),
          name: z.string().default("Anonymous"),
        }),
    });
    const response = await (
      await guest()
    ).post("/auth/register", { email: "hook@example.com", password: "four" });
    expect(response.status).toBe(200);
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "hook@example.com"));
    expect(row?.name).toBe("Anonymous");
  });

  it("is for guests only", async () => {
    const agent = await guest();
    await agent.post("/auth/register", valid());
    expect(
      (
        await agent.post(
          "/auth/register",
          valid({ email: "second@example.com" }),
        )
      ).status,
    ).not.toBe(200);
  });
});
