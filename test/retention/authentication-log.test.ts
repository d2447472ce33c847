import { describe, expect, it } from "vitest";
import { authenticationLog } from "@/db/schema";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import { prune } from "@/lib/runtime/pruning";
import { signIn, useTestApp } from "../support/app";

// Decision record 095: the sign-in history is pruned after authentication-log.purge-days, as
// rappasoft/laravel-authentication-log's `authentication-log:purge` does.
const app = useTestApp({
  auth: { "authentication-log": { "purge-days": 30 } },
});
const T0 = new Date("2026-11-01T09:00:00Z");
const DAY = 86_400_000;
const pruneAt = (now: Date) =>
  prune({
    db: app.database.db,
    config: app.services.config,
    env: app.services.env,
    now,
  });
const rows = () =>
  app.database.db
    .select()
    .from(authenticationLog)
    .orderBy(authenticationLog.id);

describe("pruning the sign-in history", () => {
  it("deletes the rows older than purge-days, a sign-out's own row by its logout_at, and keeps the rest", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await signIn(app, user); // a sign-in at T0, written by the login route
    await app.database.db.insert(authenticationLog).values([
      {
        authenticatableType: "App\\Models\\User",
        authenticatableId: user.id,
        ipAddress: "192.0.2.9",
        loginAt: new Date(T0.getTime() + 10 * DAY),
        loginSuccessful: true,
      },
      {
        authenticatableType: "App\\Models\\User",
        authenticatableId: user.id,
        ipAddress: "192.0.2.8",
        logoutAt: new Date(T0.getTime() - 2 * DAY),
      },
    ]);
    expect(await rows()).toHaveLength(3);

    expect(
      (await pruneAt(new Date(T0.getTime() + 29 * DAY))).authentication_log,
    ).toBe(1);
    expect((await rows()).map((row) => row.ipAddress)).toEqual([
      "127.0.0.1",
      "192.0.2.9",
    ]);
    expect(
      (await pruneAt(new Date(T0.getTime() + 30 * DAY + 1000)))
        .authentication_log,
    ).toBe(1);
    expect((await rows()).map((row) => row.ipAddress)).toEqual(["192.0.2.9"]);
  });

  it("keeps a year by default, as the package does, and refuses under a day or over ten years at start, naming the key", () => {
    expect(AUTH_DEFAULTS["authentication-log"]["purge-days"]).toBe(365);
    for (const days of [0, 3651])
      expect(() =>
        app.configure({
          auth: { "authentication-log": { "purge-days": days } },
        }),
      ).toThrow(/authentication-log\.purge-days/);
  });
});
