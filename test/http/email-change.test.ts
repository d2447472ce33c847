import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, jobs, pendingUserEmails, users } from "@/db/schema";
import { ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import {
  EMAIL_CHANGE_CANCEL_ROUTE,
  EMAIL_CHANGE_CONFIRM_ROUTE,
  EMAIL_CHANGE_RESEND_ROUTE,
  USER_UPDATE_ROUTE,
} from "@/lib/users/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { impersonating } from "../support/impersonation";
import { stepUpIfSignedIn } from "../support/two-factor";

// Decision record 012: a new email address counts only once it is confirmed from its mailbox.
const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN, "boss@example.com"] } });

// A new address needs the step-up (decision record 024): confirmed once per session here.
const update = async (agent: Agent, body: unknown) => {
  await stepUpIfSignedIn(agent);
  return agent.put("/api/app/user/update", body, { host: USER_UPDATE_ROUTE });
};
const resend = (agent: Agent, userId: number) =>
  agent.post(
    "/api/app/user/email/resend",
    { user_id: userId },
    { host: EMAIL_CHANGE_RESEND_ROUTE },
  );
const cancel = (agent: Agent, userId: number) =>
  agent.post(
    "/api/app/user/email/cancel",
    { user_id: userId },
    { host: EMAIL_CHANGE_CANCEL_ROUTE },
  );

/** The confirmation link of the last message to `email`, as a path with its query. */
async function confirmationLink(email: string): Promise<string> {
  const message = await app.lastMailTo(email);
  const url = /https?:\/\/\S+\/api\/app\/user\/email\/confirm\/\S+/.exec(
    message.text,
  )?.[0];
  if (!url) throw new Error(`no confirmation link in: ${message.text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function confirm(
  agent: Agent,
  link: string,
  options: { asJson?: boolean } = {},
) {
  const token = decodeURIComponent(
    new URL(link, "http://x").pathname.split("/").at(-1) ?? "",
  );
  return agent.get(link, {
    host: EMAIL_CHANGE_CONFIRM_ROUTE,
    params: { token },
    ...options,
  });
}

async function reload(id: number) {
  const [row] = await app.database.db
    .select()
    .from(users)
    .where(eq(users.id, id));
  return row;
}

async function events() {
  return (await app.database.db.select().from(activityLog)).map(
    (row) => row.event,
  );
}

/** A user who asked to change their address to `next`; the confirmation mail is delivered. */
async function requested(next = "new@example.com") {
  const user = await app.createUser({ email: "old@example.com" });
  const agent = await signIn(app, user);
  const response = await update(agent, { user_id: user.id, email: next });
  expect(response.status).toBe(200);
  return { user, agent, link: await confirmationLink(next), response };
}

describe("email change: the address in force changes only once confirmed", () => {
  it("keeps the old address in force and shows the new one as pending", async () => {
    const { user, agent, response } = await requested();
    expect(response.body.user).toMatchObject({
      email: "old@example.com",
      pending_email: "new@example.com",
    });
    expect(await reload(user.id)).toMatchObject({
      email: "old@example.com",
      emailVerifiedAt: user.emailVerifiedAt,
    });
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { email: "old@example.com", pending_email: "new@example.com" },
      verified: true,
    });
    // Sign-in goes on with the old address, not with the new one.
    const fresh = app.agent();
    await fresh.csrf();
    expect(
      (
        await fresh.post("/auth/login", {
          email: "new@example.com",
          password: PASSWORD,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await fresh.post("/auth/login", {
          email: "old@example.com",
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect((await fresh.get("/auth/get-auth")).body.user.pending_email).toBe(
      "new@example.com",
    );
  });

  it("mails a link to the new address and a notice with the time and client address to the old one", async () => {
    app.setNow(new Date("2026-11-25T08:30:00Z"));
    const user = await app.createUser({ email: "old@example.com" });
    const agent = await signIn(app, user);
    await agent.post("/auth/logout");
    const fromAddress = app.agent("203.0.113.9");
    await fromAddress.csrf();
    await fromAddress.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    await update(fromAddress, { user_id: user.id, email: "new@example.com" });
    // The sign-in from 203.0.113.9 is a new device's, with its own mail (decision record 095).
    const messages = (await app.mail()).filter(
      (m) => m.subject !== "Your account was signed in from a new device",
    );
    expect(messages.map((m) => m.to).sort()).toEqual([
      ["new@example.com"],
      ["old@example.com"],
    ]);
    const notice = messages.find((m) => m.to.includes("old@example.com"));
    const confirmation = messages.find((m) => m.to.includes("new@example.com"));
    expect(notice?.text).toContain("new@example.com");
    expect(notice?.text).toContain("2026-11-25 08:30 UTC");
    expect(notice?.text).toContain("203.0.113.9");
    expect(notice?.text).not.toContain("/api/app/user/email/confirm/");
    expect(confirmation?.text).toMatch(
      /http:\/\/localhost:3000\/api\/app\/user\/email\/confirm\/[\w-]+\?expires=\d+&signature=[0-9a-f]+/,
    );
  });

  it("never stores the link's secret in plain text: the row holds a sha256, the queue never the link", async () => {
    const { link } = await requested();
    const token = new URL(link, "http://x").pathname.split("/").at(-1) ?? "";
    const [row] = await app.database.db.select().from(pendingUserEmails);
    expect(row?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token).not.toContain(token);
    // The next request's job rows: a compose job and the notice, neither holding a link.
    const user = await app.createUser({ email: "third@example.com" });
    await update(await signIn(app, user), {
      user_id: user.id,
      email: "fourth@example.com",
    });
    const queued = await app.database.db
      .select({ payload: jobs.payload })
      .from(jobs);
    expect(queued).toHaveLength(2);
    for (const job of queued)
      expect(job.payload).not.toContain("/api/app/user/email/confirm/");
  });

  it("confirming swaps the address, marks it verified now, and the new address then signs in", async () => {
    app.setNow(new Date("2026-11-25T08:00:00Z"));
    const { user, agent, link } = await requested();
    app.setNow(new Date("2026-11-25T08:01:00Z"));
    const response = await confirm(agent, link);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({
        email: "new@example.com",
        pending_email: null,
      }),
    });
    const row = await reload(user.id);
    expect(row?.email).toBe("new@example.com");
    expect(row?.emailVerifiedAt).toEqual(new Date("2026-11-25T08:01:00Z"));
    expect(await app.database.db.select().from(pendingUserEmails)).toEqual([]);
    expect((await agent.get("/auth/get-auth")).body.user).toMatchObject({
      email: "new@example.com",
      pending_email: null,
    });
    const fresh = app.agent();
    await fresh.csrf();
    expect(
      (
        await fresh.post("/auth/login", {
          email: "old@example.com",
          password: PASSWORD,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await fresh.post("/auth/login", {
          email: "new@example.com",
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect(await events()).toEqual(
      expect.arrayContaining([
        "email-change-requested",
        "email-change-confirmed",
      ]),
    );
  });

  it("a used, tampered or expired link is refused and changes nothing", async () => {
    const { user, agent, link } = await requested();
    const tampered = link.replace(
      /confirm\/([\w-])/,
      (_, c: string) => `confirm/${c === "A" ? "B" : "A"}`,
    );
    expect((await confirm(agent, tampered)).status).toBe(403);
    const longer = link.replace(
      /expires=(\d+)/,
      (_, n: string) => `expires=${Number(n) + 3600}`,
    );
    expect((await confirm(agent, longer)).status).toBe(403);
    app.setNow(new Date(Date.now() + 61 * 60_000));
    expect((await confirm(agent, link)).status).toBe(403);
    expect(await reload(user.id)).toMatchObject({ email: "old@example.com" });
    app.setNow(new Date());
    expect((await confirm(agent, link)).status).toBe(200);
    expect((await confirm(agent, link)).status).toBe(403);
  });

  it("needs the owner's session: a guest is sent to sign in and comes back, another user gets 403", async () => {
    const { user, link } = await requested();
    const guest = app.agent();
    const redirected = await confirm(guest, link, { asJson: false });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe(
      `/auth/login?redirect=${encodeURIComponent(link)}`,
    );
    expect(
      (await confirm(await signIn(app, await app.createUser()), link)).status,
    ).toBe(403);
    // A bearer token alone is no session (auth:web).
    const client = app.agent();
    await client.csrf();
    const token = (
      await client.post("/auth/create-token", {
        email: user.email,
        password: PASSWORD,
        name: "cli",
      })
    ).body.token as string;
    const secret = new URL(link, "http://x").pathname.split("/").at(-1) ?? "";
    expect(
      (
        await app.agent().get(link, {
          host: EMAIL_CHANGE_CONFIRM_ROUTE,
          params: { token: secret },
          bearer: token,
        })
      ).status,
    ).toBe(401);
    expect(await reload(user.id)).toMatchObject({ email: "old@example.com" });
    // Signed in, a browser lands on the profile screen.
    const owner = await signIn(app, user);
    const done = await confirm(owner, link, { asJson: false });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toContain("/admin/account/profile");
    expect(await reload(user.id)).toMatchObject({ email: "new@example.com" });
    // Used again: a browser goes to the profile screen with the reason flashed, not to a bare 403.
    const again = await confirm(owner, link, { asJson: false });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toContain("/admin/account/profile");
  });

  it("refuses with 422 when another account took the address meanwhile, and changes nothing", async () => {
    const { user, agent, link } = await requested();
    const squatter = app.agent();
    await squatter.csrf();
    const registered = await squatter.post("/auth/register", {
      name: "S",
      email: "NEW@example.com",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.status).toBe(200);
    const response = await confirm(agent, link);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ["The email has already been taken."],
    });
    expect(await reload(user.id)).toMatchObject({ email: "old@example.com" });
    expect(await app.database.db.select().from(pendingUserEmails)).toHaveLength(
      1,
    );
  });

  it("two accounts confirming the same address: one wins, the other gets 422", async () => {
    const first = await requested("same@example.com");
    const other = await app.createUser({ email: "other@example.com" });
    const otherAgent = await signIn(app, other);
    await update(otherAgent, { user_id: other.id, email: "same@example.com" });
    const otherLink = await confirmationLink("same@example.com");
    const results = await Promise.all([
      confirm(first.agent, first.link),
      confirm(otherAgent, otherLink),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const owners = await app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "same@example.com"));
    expect(owners).toHaveLength(1);
  });

  it("a request for an address in use is 422 on email, as before", async () => {
    await app.createUser({ email: "taken@example.com" });
    const user = await app.createUser();
    const response = await update(await signIn(app, user), {
      user_id: user.id,
      email: "Taken@example.com",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ["The email has already been taken."],
    });
    expect(await app.database.db.select().from(pendingUserEmails)).toEqual([]);
  });

  it("a new request replaces the pending one and its link; resend makes a fresh link", async () => {
    const { user, agent, link } = await requested("first@example.com");
    await update(agent, { user_id: user.id, email: "second@example.com" });
    const second = await confirmationLink("second@example.com");
    expect((await confirm(agent, link)).status).toBe(403);
    const resent = await resend(agent, user.id);
    expect(resent.body).toEqual({
      success: true,
      status: "email-change-link-sent",
    });
    const third = await confirmationLink("second@example.com");
    expect(third).not.toBe(second);
    expect((await confirm(agent, second)).status).toBe(403);
    expect((await confirm(agent, third)).status).toBe(200);
    expect(await reload(user.id)).toMatchObject({
      email: "second@example.com",
    });
    expect((await resend(agent, user.id)).body).toEqual({
      success: true,
      status: "no-pending-email",
    });
  });

  it("the pending address sent again with the rest of the form mails nothing new and keeps the link", async () => {
    const { user, agent, link } = await requested();
    const before = (await app.mail()).length;
    const again = await update(agent, {
      user_id: user.id,
      name: "Renamed",
      email: "NEW@example.com",
    });
    expect(again.body.user).toMatchObject({
      name: "Renamed",
      email: "old@example.com",
      pending_email: "new@example.com",
    });
    expect(await app.mail()).toHaveLength(before);
    expect((await confirm(agent, link)).status).toBe(200);
  });

  it("cancel withdraws the pending address and its link", async () => {
    const { user, agent, link } = await requested();
    const response = await cancel(agent, user.id);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: "old@example.com",
      pending_email: null,
    });
    expect(
      (await agent.get("/auth/get-auth")).body.user.pending_email,
    ).toBeNull();
    expect((await confirm(agent, link)).status).toBe(403);
    expect(await reload(user.id)).toMatchObject({ email: "old@example.com" });
    expect(await events()).toContain("email-change-cancelled");
  });

  it("resend and cancel follow the user policy, need CSRF, and are throttled (throttle:6,1)", async () => {
    const { user, agent } = await requested();
    const stranger = await signIn(app, await app.createUser());
    expect((await resend(stranger, user.id)).status).toBe(403);
    expect((await cancel(stranger, user.id)).status).toBe(403);
    expect(
      (
        await agent.post(
          "/api/app/user/email/cancel",
          { user_id: user.id },
          { host: EMAIL_CHANGE_CANCEL_ROUTE, noCsrf: true },
        )
      ).status,
    ).toBe(419);
    expect(await app.database.db.select().from(pendingUserEmails)).toHaveLength(
      1,
    );
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await resend(agent, user.id)).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
  });

  it("an administrator changing another user's address makes it pending for that user", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser({ email: "member@example.com" });
    const adminAgent = await signIn(app, admin);
    const response = await update(adminAgent, {
      user_id: user.id,
      email: "moved@example.com",
    });
    expect(response.body.user).toMatchObject({
      id: user.id,
      email: "member@example.com",
      pending_email: "moved@example.com",
    });
    expect(await reload(user.id)).toMatchObject({
      email: "member@example.com",
    });
    expect((await app.lastMailTo("member@example.com")).text).toContain(
      "moved@example.com",
    );
    const link = await confirmationLink("moved@example.com");
    // The administrator cannot confirm it for them; the user can.
    expect((await confirm(adminAgent, link)).status).toBe(403);
    expect((await confirm(await signIn(app, user), link)).status).toBe(200);
    expect(await reload(user.id)).toMatchObject({ email: "moved@example.com" });
    const [entry] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "email-change-requested"));
    expect(entry).toMatchObject({ subjectId: user.id, causerId: admin.id });
  });

  it("a profile change to an address on the admin list makes no administrator before confirmation", async () => {
    const user = await app.createUser({ email: "climber@example.com" });
    const agent = await signIn(app, user);
    await update(agent, { user_id: user.id, email: "boss@example.com" });
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      is_admin: false,
      user: { email: "climber@example.com" },
    });
    expect(
      (await agent.get("/api/admin/users", { host: ADMIN_USERS_ROUTE })).status,
    ).toBe(403);
  });

  it("get-auth with a bearer token shows the pending address too", async () => {
    const { user } = await requested();
    const client = app.agent();
    await client.csrf();
    const created = await client.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "cli",
    });
    const body = (
      await app.agent().get("/auth/get-auth", { bearer: created.body.token })
    ).body;
    expect(body.user).toMatchObject({
      email: "old@example.com",
      pending_email: "new@example.com",
    });
  });
});

describe("an administrator impersonating a user", () => {
  it("cannot change the user's address: they hold the user's session and would confirm one of their own (403)", async () => {
    const { target, agent } = await impersonating(app, ADMIN);
    const response = await update(agent, {
      user_id: target.id,
      email: "admin-owned@example.com",
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      "An email address cannot be changed while impersonating.",
    );
    expect(await app.database.db.select().from(pendingUserEmails)).toEqual([]);
    // Other profile fields stay editable during an impersonation.
    expect(
      (await update(agent, { user_id: target.id, name: "Renamed" })).status,
    ).toBe(200);
  });
});
