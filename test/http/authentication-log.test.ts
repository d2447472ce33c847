import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authenticationLog, type User } from "@/db/schema";
import {
  NOT_ME_ROUTE,
  USER_AUTHENTICATION_LOG_ROUTE,
} from "@/lib/authentication-log/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, type TestApp, useTestApp } from "../support/app";

// The sign-in history on rappasoft/laravel-authentication-log's table and its new-device mail
// (decision record 095).
const app = useTestApp();

const CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0";

type Device = { ip: string; userAgent: string; locale?: string };
const OFFICE: Device = { ip: "198.51.100.7", userAgent: CHROME };
const ELSEWHERE: Device = { ip: "203.0.113.9", userAgent: FIREFOX };

const headersOf = (device: Device) => ({
  "user-agent": device.userAgent,
  ...(device.locale ? { "accept-language": device.locale } : {}),
});

/** A browser on `device`: the login's answer and the agent holding its session. */
async function logIn(
  testApp: TestApp,
  email: string,
  device: Device,
  password = PASSWORD,
): Promise<{ agent: Agent; status: number }> {
  const agent = testApp.agent(device.ip);
  await agent.csrf();
  const response = await agent.post(
    "/auth/login",
    { email, password },
    { headers: headersOf(device) },
  );
  return { agent, status: response.status };
}

const rowsOf = (user: User) =>
  app.database.db
    .select()
    .from(authenticationLog)
    .where(
      and(
        eq(authenticationLog.authenticatableType, "App\\Models\\User"),
        eq(authenticationLog.authenticatableId, user.id),
      ),
    )
    .orderBy(authenticationLog.id);

const newDeviceMails = async (user: User) =>
  (await app.mail()).filter(
    (mail) =>
      mail.to.includes(user.email) &&
      /new device|dispositivo nuevo/.test(mail.subject),
  );

/** The "this was not me" link's fields, read from the mail's text. */
function notMeFields(text: string): Record<string, string> {
  const link = /https?:\/\/\S+\/not-me\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no not-me link in: ${text}`);
  return Object.fromEntries(new URL(link).searchParams);
}

const pressNotMe = (fields: Record<string, string>) => {
  const agent = app.agent("192.0.2.1");
  return agent
    .csrf()
    .then(() => agent.post(NOT_ME_ROUTE.path, fields, { host: NOT_ME_ROUTE }));
};

describe("the sign-in history (rappasoft/laravel-authentication-log's table)", () => {
  it("records a sign-in, a wrong password and a sign-out, keyed by the account's morph type and id", async () => {
    app.setNow(new Date("2026-12-02T09:00:00Z"));
    const user = await app.createUser();
    const { agent } = await logIn(app, user.email, OFFICE);
    app.advance(60);
    expect(
      (await logIn(app, user.email, OFFICE, "not-the-password")).status,
    ).toBe(422);
    app.advance(60);
    expect(
      (await agent.post("/auth/logout", {}, { headers: headersOf(OFFICE) }))
        .status,
    ).toBe(200);
    const rows = await rowsOf(user);
    expect(rows).toEqual([
      expect.objectContaining({
        ipAddress: OFFICE.ip,
        userAgent: CHROME,
        loginAt: new Date("2026-12-02T09:00:00Z"),
        loginSuccessful: true,
        logoutAt: new Date("2026-12-02T09:02:00Z"),
        clearedByUser: false,
        location: null,
      }),
      expect.objectContaining({
        loginAt: new Date("2026-12-02T09:01:00Z"),
        loginSuccessful: false,
        logoutAt: null,
      }),
    ]);
  });

  it("records nothing for an address that has no account (the log is keyed by the account)", async () => {
    expect((await logIn(app, "nobody@example.com", OFFICE)).status).toBe(422);
    expect(await app.database.db.select().from(authenticationLog)).toEqual([]);
  });

  it("mails the owner once a device it never signed in from signs in, with the time, browser and address", async () => {
    app.setNow(new Date("2026-12-02T09:00:00Z"));
    const user = await app.createUser();
    // The first recorded sign-in has nothing to compare with: no mail.
    await logIn(app, user.email, OFFICE);
    await logIn(app, user.email, OFFICE);
    expect(await newDeviceMails(user)).toEqual([]);
    // A wrong password from the new device does not make it known.
    await logIn(app, user.email, ELSEWHERE, "not-the-password");
    await logIn(app, user.email, ELSEWHERE);
    const [mail, ...more] = await newDeviceMails(user);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your account was signed in from a new device");
    expect(mail?.text).toContain("2026-12-02 09:00 UTC");
    expect(mail?.text).toContain(ELSEWHERE.ip);
    expect(mail?.text).toContain("Firefox 141");
    expect(mail?.text).toContain("This was not me");
    // Known from now on.
    await logIn(app, user.email, ELSEWHERE);
    expect(await newDeviceMails(user)).toHaveLength(1);
  });

  it("writes the mail in the language of the browser that signed in", async () => {
    const user = await app.createUser();
    await logIn(app, user.email, OFFICE);
    await logIn(app, user.email, { ...ELSEWHERE, locale: "es" });
    const [mail] = await newDeviceMails(user);
    expect(mail?.subject).toBe(
      "Se inició sesión en tu cuenta desde un dispositivo nuevo",
    );
    expect(mail?.text).toContain("No fui yo");
  });

  it("mails nothing with authentication-log.new-device-mail off, and still records", async () => {
    app.configure({
      auth: { "authentication-log": { "new-device-mail": false } },
    });
    const user = await app.createUser();
    await logIn(app, user.email, OFFICE);
    await logIn(app, user.email, ELSEWHERE);
    expect(await newDeviceMails(user)).toEqual([]);
    expect(await rowsOf(user)).toHaveLength(2);
  });
});

describe("the new-device mail's “this was not me” link", () => {
  async function strangerSignedIn() {
    app.setNow(new Date("2026-12-02T09:00:00Z"));
    const user = await app.createUser();
    const owner = await logIn(app, user.email, OFFICE);
    const stranger = await logIn(app, user.email, ELSEWHERE);
    const [mail] = await newDeviceMails(user);
    if (!mail) throw new Error("no new-device mail");
    return { user, owner, stranger, fields: notMeFields(mail.text) };
  }

  it("ends that device's session only, marks the row cleared by the user, and leads to the reset", async () => {
    const { user, owner, stranger, fields } = await strangerSignedIn();
    const response = await pressNotMe(fields);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, email: user.email });
    expect(
      (await stranger.agent.get("/auth/get-auth")).body.authenticated,
    ).toBe(false);
    expect((await owner.agent.get("/auth/get-auth")).body.authenticated).toBe(
      true,
    );
    const row = (await rowsOf(user)).find(
      (candidate) => String(candidate.id) === fields.log,
    );
    expect(row).toMatchObject({
      ipAddress: ELSEWHERE.ip,
      clearedByUser: true,
      logoutAt: new Date("2026-12-02T09:00:00Z"),
    });
  });

  it("is idempotent: pressed again it answers the same and ends nothing more", async () => {
    const { owner, fields } = await strangerSignedIn();
    expect((await pressNotMe(fields)).status).toBe(200);
    expect((await pressNotMe(fields)).status).toBe(200);
    expect((await owner.agent.get("/auth/get-auth")).body.authenticated).toBe(
      true,
    );
  });

  it("refuses a changed link and an expired one (403), ending nothing", async () => {
    const { stranger, fields } = await strangerSignedIn();
    const tampered = {
      ...fields,
      log: String(Number(fields.log) - 1),
    };
    expect((await pressNotMe(tampered)).status).toBe(403);
    app.advance(24 * 60 * 60 + 1);
    expect((await pressNotMe(fields)).status).toBe(403);
    app.setNow(new Date("2026-12-02T09:00:00Z"));
    expect(
      (await stranger.agent.get("/auth/get-auth")).body.authenticated,
    ).toBe(true);
  });

  it("lasts authentication-log.not-me-expire minutes", async () => {
    app.configure({ auth: { "authentication-log": { "not-me-expire": 5 } } });
    const { fields } = await strangerSignedIn();
    app.advance(5 * 60 + 1);
    expect((await pressNotMe(fields)).status).toBe(403);
  });
});

describe("GET /api/app/user/authentication-log (the account's activity screen)", () => {
  it("lists the signed-in user's own rows, newest first, paginated", async () => {
    app.setNow(new Date("2026-12-02T09:00:00Z"));
    const user = await app.createUser();
    const other = await app.createUser();
    await logIn(app, other.email, OFFICE);
    await logIn(app, user.email, OFFICE);
    app.advance(60);
    await logIn(app, user.email, ELSEWHERE, "not-the-password");
    app.advance(60);
    const { agent } = await logIn(app, user.email, ELSEWHERE);
    const list = (query = "") =>
      agent.get(`${USER_AUTHENTICATION_LOG_ROUTE.path}${query}`, {
        host: USER_AUTHENTICATION_LOG_ROUTE,
      });
    const first = await list("?per_page=2");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 2,
      total: 3,
    });
    expect(first.body.data).toEqual([
      expect.objectContaining({
        ip_address: ELSEWHERE.ip,
        browser: "Firefox 141",
        login_at: "2026-12-02T09:02:00.000Z",
        login_successful: true,
        logout_at: null,
        cleared_by_user: false,
      }),
      expect.objectContaining({
        login_at: "2026-12-02T09:01:00.000Z",
        login_successful: false,
      }),
    ]);
    const second = await list("?per_page=2&page=2");
    expect(second.body.data).toEqual([
      expect.objectContaining({
        ip_address: OFFICE.ip,
        browser: "Chrome 140",
        login_at: "2026-12-02T09:00:00.000Z",
      }),
    ]);
    expect((await list("?per_page=500")).status).toBe(422);
  });

  it("answers 401 to a guest", async () => {
    const agent = app.agent();
    await agent.csrf();
    expect(
      (
        await agent.get(USER_AUTHENTICATION_LOG_ROUTE.path, {
          host: USER_AUTHENTICATION_LOG_ROUTE,
        })
      ).status,
    ).toBe(401);
  });
});
