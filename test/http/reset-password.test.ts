import { describe, expect, it } from "vitest";
import { passwordResetTokens } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { linkIn } from "../support/session";

const app = useTestApp();
const INVALID = "This password reset token is invalid.";
const NEW = "a-brand-new-password";

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

/** Asks for a reset link and follows it as the reset screen does (contract §4 rule 8). */
async function requestLink(
  email: string,
): Promise<{ token: string; email: string }> {
  await (await guest()).post("/auth/forgot-password", { email });
  const [token = "", encodedEmail = ""] = linkIn(
    (await app.lastMailTo(email)).text,
  )
    .pathname.split("/")
    .slice(-2);
  return {
    token: decodeURIComponent(token),
    email: decodeURIComponent(encodedEmail),
  };
}

const reset = async (
  fields: { token: string; email: string },
  password = NEW,
) =>
  (await guest()).post("/auth/reset-password", {
    ...fields,
    password,
    password_confirmation: password,
  });

describe("POST /auth/reset-password (contract §4, §7)", () => {
  it("sets the new password from the emailed link and fires PasswordReset", async () => {
    const user = await app.createUser({ email: "o'neil+x@example.com" });
    const events = app.events("PasswordReset");
    const response = await reset(await requestLink(user.email));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: "Your password has been reset.",
    });
    expect(events.map((e) => e.user.id)).toEqual([user.id]);
    expect(
      (
        await (
          await guest()
        ).post("/auth/login", { email: user.email, password: NEW })
      ).status,
    ).toBe(200);
    expect(
      (
        await (
          await guest()
        ).post("/auth/login", { email: user.email, password: PASSWORD })
      ).status,
    ).toBe(422);
  });

  it("accepts a token only once", async () => {
    const user = await app.createUser();
    const link = await requestLink(user.email);
    expect((await reset(link)).status).toBe(200);
    const again = await reset(link, "another-password");
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ email: [INVALID] });
  });

  it("answers 422 on email for a wrong token or an unknown email", async () => {
    const user = await app.createUser();
    const link = await requestLink(user.email);
    expect((await reset({ ...link, token: "wrong-token" })).body).toEqual({
      message: INVALID,
      errors: { email: [INVALID] },
    });
    expect(
      (await reset({ ...link, email: "nobody@example.com" })).body.errors,
    ).toEqual({ email: [INVALID] });
    expect((await reset(link)).status).toBe(200);
  });

  it("expires the token after passwords.expire minutes", async () => {
    app.configure({ auth: { passwords: { expire: 30 } } });
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const link = await requestLink(user.email);
    app.advance(30 * 60 + 1);
    const response = await reset(link);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: [INVALID] });
  });

  it("accepts the token until its expiry", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const link = await requestLink(user.email);
    app.advance(59 * 60);
    expect((await reset(link)).status).toBe(200);
  });

  it("ends every session of the user", async () => {
    const user = await app.createUser();
    const browser = await signIn(app, user);
    expect((await reset(await requestLink(user.email))).status).toBe(200);
    expect((await browser.get("/auth/get-auth")).body.authenticated).toBe(
      false,
    );
  });

  it("accepts a Laravel-written row (bcrypt hash of the token)", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const token =
      "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    await app.database.db.insert(passwordResetTokens).values({
      email: user.email,
      token: await hashPassword(token, 4),
      createdAt: new Date("2026-11-22T09:50:00Z"),
    });
    expect((await reset({ token: "not-it", email: user.email })).status).toBe(
      422,
    );
    expect((await reset({ token, email: user.email })).status).toBe(200);
  });

  it("applies the password rules and the confirmation (contract §1)", async () => {
    app.configure({ auth: { password: { length: 10, uppercase: true } } });
    const user = await app.createUser();
    const link = await requestLink(user.email);
    const weak = await (
      await guest()
    ).post("/auth/reset-password", {
      ...link,
      password: "weak",
      password_confirmation: "weak",
    });
    expect(weak.body.errors).toEqual({
      password: [
        "The password field must be at least 10 characters.",
        "The password field must contain at least one uppercase letter.",
      ],
    });
    const mismatch = await (
      await guest()
    ).post("/auth/reset-password", {
      ...link,
      password: "Strong-enough",
      password_confirmation: "Other-thing!",
    });
    expect(mismatch.body.errors).toEqual({
      password: ["The password field confirmation does not match."],
    });
  });
});
