import { describe, expect, it } from "vitest";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { linkIn } from "../support/session";
import { signInThroughAcme, useAcmeProvider } from "../support/social";
import { createToken } from "../support/tokens";

// POST user/set-password/link and the sign-in methods' `providers` (decision record 111).
const app = useTestApp();
const EMAIL = "sol.social@example.com";
const LINK_SENT = "We have emailed you a link to set your password.";
useAcmeProvider(app, {
  sub: "7",
  email: EMAIL,
  email_verified: true,
  name: "Sol Social",
});

/** An account made by the provider `acme`: no password, no passkey; its browser signed in. */
async function socialAccount(): Promise<Agent> {
  const agent = app.agent();
  await agent.csrf();
  expect((await signInThroughAcme(agent)).status).toBe(302);
  expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true);
  return agent;
}

const resetMails = async () =>
  (await app.mail()).filter(
    (mail) => mail.to.includes(EMAIL) && /reset-password/.test(mail.text),
  );

describe("an account made by a social provider, without a passkey", () => {
  it("is described by the provider it signs in with", async () => {
    const agent = await socialAccount();
    expect((await agent.get("/auth/user/sign-in-methods")).body).toEqual({
      password: false,
      passkey_offer: false,
      passkey: false,
      providers: [{ name: "acme", label: "Acme" }],
    });
  });

  it("is mailed the reset link from the Security screen, and the link sets its first password", async () => {
    const agent = await socialAccount();
    const sent = await agent.post("/auth/user/set-password/link");
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ success: true, message: LINK_SENT });
    // A second press within the minute sends nothing more, as forgot-password.
    expect((await agent.post("/auth/user/set-password/link")).status).toBe(200);
    const mails = await resetMails();
    expect(mails).toHaveLength(1);
    const [token = "", email = ""] = linkIn(mails[0]?.text ?? "")
      .pathname.split("/")
      .slice(-2);
    const guest = app.agent();
    await guest.csrf();
    const reset = await guest.post("/auth/reset-password", {
      token: decodeURIComponent(token),
      email: decodeURIComponent(email),
      password: "a-first-password",
      password_confirmation: "a-first-password",
    });
    expect(reset.status, reset.text).toBe(200);
    const login = await guest.post("/auth/login", {
      email: EMAIL,
      password: "a-first-password",
    });
    expect(login.status, login.text).toBe(200);
    const methods = (await guest.get("/auth/user/sign-in-methods")).body;
    expect(methods).toMatchObject({
      password: true,
      providers: [{ name: "acme", label: "Acme" }],
    });
  });
});

describe("POST user/set-password/link refuses", () => {
  it("an account that has a password (422 on password), mailing nothing", async () => {
    const user = await app.createUser({ email: EMAIL });
    const agent = await signIn(app, user);
    const refused = await agent.post("/auth/user/set-password/link");
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      password: [
        "This account already has a password. Change it with the current one.",
      ],
    });
    expect(await resetMails()).toHaveLength(0);
  });

  it("a guest (401) and a bearer token (403)", async () => {
    const guest = app.agent();
    await guest.csrf();
    expect((await guest.post("/auth/user/set-password/link")).status).toBe(401);
    await app.createUser({ email: EMAIL, password: PASSWORD });
    const bearer = await createToken(app, EMAIL);
    const byToken = await app
      .agent()
      .post("/auth/user/set-password/link", {}, { bearer });
    expect(byToken.status).toBe(403);
    expect(await resetMails()).toHaveLength(0);
  });
});
