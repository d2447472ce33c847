import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authenticationLog, type User } from "@/db/schema";
import type { Agent } from "../support/agent";
import { PASSWORD, useTestApp } from "../support/app";
import { confirmPassword } from "../support/two-factor";

// Sessions ended from the account's list in the sign-in history, as rappasoft's
// OtherDeviceLogoutListener marks them (decision record 111).
const app = useTestApp();

const CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const FIREFOX =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:141.0) Gecko/20100101 Firefox/141.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Device = { ip: string; userAgent: string };
const OFFICE: Device = { ip: "198.51.100.7", userAgent: CHROME };
const HOME: Device = { ip: "203.0.113.9", userAgent: FIREFOX };
const PHONE: Device = { ip: "192.0.2.44", userAgent: SAFARI };
const T0 = new Date("2026-12-02T09:00:00Z");

/** A browser on `device`, signed in; every request it makes carries the device's user agent. */
async function signInOn(user: User, device: Device): Promise<Agent> {
  const agent = app.agent(device.ip);
  const headers = { "user-agent": device.userAgent };
  await agent.request("GET", "/sanctum/csrf-cookie", {
    asJson: false,
    headers,
  });
  const response = await agent.post(
    "/auth/login",
    { email: user.email, password: PASSWORD },
    { headers },
  );
  expect(response.status).toBe(200);
  return agent;
}

const historyOf = async (user: User) =>
  (
    await app.database.db
      .select()
      .from(authenticationLog)
      .where(
        and(
          eq(authenticationLog.authenticatableType, "App\\Models\\User"),
          eq(authenticationLog.authenticatableId, user.id),
        ),
      )
      .orderBy(authenticationLog.id)
  ).map((row) => ({
    ip: row.ipAddress,
    successful: row.loginSuccessful,
    logoutAt: row.logoutAt?.toISOString() ?? null,
    cleared: row.clearedByUser,
  }));

describe("ending sessions from the list marks the sign-in history (rappasoft's OtherDeviceLogoutListener)", () => {
  it("log out other browsers: every other successful sign-in is cleared by the user with its logout time; the caller's and a failure are not", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const signedOut = await signInOn(user, PHONE);
    app.advance(60);
    await signedOut.post(
      "/auth/logout",
      {},
      { headers: { "user-agent": SAFARI } },
    );
    await signInOn(user, HOME);
    app.advance(60);
    const wrong = app.agent(HOME.ip);
    await wrong.csrf();
    await wrong.post(
      "/auth/login",
      { email: user.email, password: "not-the-password" },
      { headers: { "user-agent": FIREFOX } },
    );
    const mine = await signInOn(user, OFFICE);
    await confirmPassword(mine);
    app.advance(60);
    const response = await mine.delete("/auth/user/other-browser-sessions", {
      headers: { "user-agent": CHROME },
    });
    expect(response.status).toBe(204);
    expect(await historyOf(user)).toEqual([
      // Signed out before: cleared too, as the package does, its own logout time kept.
      {
        ip: PHONE.ip,
        successful: true,
        logoutAt: "2026-12-02T09:01:00.000Z",
        cleared: true,
      },
      {
        ip: HOME.ip,
        successful: true,
        logoutAt: "2026-12-02T09:03:00.000Z",
        cleared: true,
      },
      { ip: HOME.ip, successful: false, logoutAt: null, cleared: false },
      { ip: OFFICE.ip, successful: true, logoutAt: null, cleared: false },
    ]);
  });

  it("one session ended from the list: only its device's latest open sign-in is marked", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await signInOn(user, HOME);
    await signInOn(user, PHONE);
    const mine = await signInOn(user, OFFICE);
    await confirmPassword(mine);
    app.advance(120);
    const list = (await mine.get("/auth/user/sessions")).body as {
      id: string;
      ip_address: string;
    }[];
    const home = list.find((entry) => entry.ip_address === HOME.ip)?.id;
    expect((await mine.delete(`/auth/user/sessions/${home}`)).status).toBe(204);
    expect(await historyOf(user)).toEqual([
      {
        ip: HOME.ip,
        successful: true,
        logoutAt: "2026-12-02T09:02:00.000Z",
        cleared: true,
      },
      { ip: PHONE.ip, successful: true, logoutAt: null, cleared: false },
      { ip: OFFICE.ip, successful: true, logoutAt: null, cleared: false },
    ]);
  });

  it("a password change ends the other sessions and leaves the history as it is: Laravel fires no logout event for them", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await signInOn(user, HOME);
    const mine = await signInOn(user, OFFICE);
    const response = await mine.post("/auth/update-password", {
      old_password: PASSWORD,
      password: "a-brand-new-password",
      password_confirmation: "a-brand-new-password",
    });
    expect(response.status).toBe(200);
    expect(await historyOf(user)).toEqual([
      { ip: HOME.ip, successful: true, logoutAt: null, cleared: false },
      { ip: OFFICE.ip, successful: true, logoutAt: null, cleared: false },
    ]);
  });
});
