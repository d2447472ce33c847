import { describe, expect, it } from "vitest";
import { passwordResetTokens } from "@/db/schema";
import { useTestApp } from "../support/app";
import { flashed, linkIn } from "../support/session";

const app = useTestApp();
const SENT =
  "If an account exists for that email address, we have emailed a password reset link.";

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

describe("POST /auth/forgot-password (contract §4, §9: identical either way)", () => {
  it("answers identically for an existing and an unknown email", async () => {
    const user = await app.createUser();
    const known = await (
      await guest()
    ).post("/auth/forgot-password", { email: user.email });
    const unknown = await (
      await guest()
    ).post("/auth/forgot-password", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: SENT });
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text]);
    expect((await app.mail()).map((m) => m.to)).toEqual([[user.email]]);
  });

  it("mails a link to APP_URL + frontend.reset-password with the token and the URL-encoded email (contract §4 rule 8)", async () => {
    app.configure({ env: { APP_URL: "https://app.example.com" } });
    const user = await app.createUser({ email: "first+tag@example.com" });
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    const mail = await app.lastMailTo(user.email);
    expect(mail.subject).toBe("Reset Password Notification");
    const link = linkIn(mail.text);
    expect(link.origin).toBe("https://app.example.com");
    expect(link.pathname).toMatch(
      /^\/auth\/reset-password\/[A-Za-z0-9_-]{20,}\/first%2Btag%40example\.com$/,
    );
    expect(mail.html).toContain(link.href);
  });

  it("follows a configured frontend.reset-password", async () => {
    app.configure({
      auth: {
        frontend: {
          "reset-password": "/password/reset?token={token}&email={email}",
        },
      },
    });
    const user = await app.createUser();
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    const link = linkIn((await app.lastMailTo(user.email)).text);
    expect(link.pathname).toBe("/password/reset");
    expect(link.searchParams.get("email")).toBe(user.email);
    expect(link.searchParams.get("token")).toMatch(/.{20,}/);
  });

  it("stores only a hash of the token", async () => {
    const user = await app.createUser();
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    const token = decodeURIComponent(
      linkIn((await app.lastMailTo(user.email)).text).pathname.split("/")[3] ??
        "",
    );
    const [row] = await app.database.db.select().from(passwordResetTokens);
    expect(row?.email).toBe(user.email);
    expect(row?.token).not.toContain(token);
  });

  it("goes back to the previous page with the message flashed when the request is not JSON (contract §1)", async () => {
    const agent = await guest();
    const response = await agent.post(
      "/auth/forgot-password",
      { email: "nobody@example.com" },
      {
        asJson: false,
        headers: { referer: "http://localhost:3000/auth/forgot-password" },
      },
    );
    expect([response.status, response.headers.get("location")]).toEqual([
      302,
      "/auth/forgot-password",
    ]);
    expect(await flashed(app, agent, "status")).toBe(SENT);
  });

  it("answers concurrent requests for one email alike, never 500, and sends one link", async () => {
    app.configure({
      auth: {
        limiters: { "forgot-password": [{ by: "ip", max: 100, minutes: 1 }] },
      },
    });
    const user = await app.createUser();
    const agents = await Promise.all(Array.from({ length: 6 }, () => guest()));
    const responses = await Promise.all(
      agents.map((agent) =>
        agent.post("/auth/forgot-password", { email: user.email }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    expect(await app.mail()).toHaveLength(1);
    expect(
      await app.database.db.select().from(passwordResetTokens),
    ).toHaveLength(1);
  });

  it("sends a new link (replacing the old token) only once a minute has passed", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    app.advance(59);
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    expect(await app.mail()).toHaveLength(1);
    app.advance(1);
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    const mails = await app.mail();
    expect(mails).toHaveLength(2);
    expect(linkIn(mails[0]?.text ?? "").pathname).not.toBe(
      linkIn(mails[1]?.text ?? "").pathname,
    );
  });

  it("answers 422 for an invalid email", async () => {
    const response = await (
      await guest()
    ).post("/auth/forgot-password", { email: "nope" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ["The email field must be a valid email address."],
    });
  });
});
