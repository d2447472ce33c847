import { mkdirSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  passwordResetTokens,
  personalAccessTokens,
  rateLimits,
  sessions,
  uploads,
  users,
} from "@/db/schema";
import { prune, pruneIfDue } from "@/lib/runtime/pruning";
import { signIn, useTestApp } from "../support/app";
import { createToken } from "../support/tokens";

// The pruning task: each rule with the clock controlled (decision record 015).
const app = useTestApp({ env: { SESSION_LIFETIME: "120" } });
const T0 = new Date("2026-11-22T10:00:00Z");
const HOUR = 3_600_000;
const at = (ms: number) => new Date(T0.getTime() + ms);
const pruneAt = (now: Date) =>
  prune({
    db: app.database.db,
    config: app.services.config,
    env: app.services.env,
    now,
  });
const all = {
  sessions: () => app.database.db.select().from(sessions),
  rateLimits: () => app.database.db.select().from(rateLimits),
  resetTokens: () => app.database.db.select().from(passwordResetTokens),
  tokens: () => app.database.db.select().from(personalAccessTokens),
  uploads: () => app.database.db.select().from(uploads),
};

describe("the pruning task", () => {
  it("removes sessions retention.sessions-hours after their idle lifetime; a remembered one lives 30 days", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await signIn(app, user);
    const remembered = app.agent();
    await remembered.csrf();
    await remembered.post("/auth/login", {
      email: user.email,
      password: "plum-orbit-4812",
      remember: true,
    });
    expect(await all.sessions()).toHaveLength(2);
    // 120 minutes of lifetime + 24 hours of retention.
    expect((await pruneAt(at(2 * HOUR + 24 * HOUR))).sessions).toBe(0);
    expect((await pruneAt(at(2 * HOUR + 24 * HOUR + 1000))).sessions).toBe(1);
    expect(await all.sessions()).toHaveLength(1);
    expect((await pruneAt(at(30 * 24 * HOUR + 24 * HOUR))).sessions).toBe(0);
    expect(
      (await pruneAt(at(30 * 24 * HOUR + 24 * HOUR + 1000))).sessions,
    ).toBe(1);
    expect(await all.sessions()).toEqual([]);
  });

  it("removes spent rate-limit windows retention.rate-limits-hours after they closed", async () => {
    app.setNow(T0);
    const agent = app.agent();
    await agent.csrf();
    await agent.post("/auth/login", {
      email: "nobody@example.com",
      password: "wrong-password",
    });
    const rows = await all.rateLimits();
    expect(rows.length).toBeGreaterThan(0);
    const first = Math.min(...rows.map((row) => row.resetAt.getTime()));
    const last = Math.max(...rows.map((row) => row.resetAt.getTime()));
    await pruneAt(new Date(first + HOUR));
    expect(await all.rateLimits()).toHaveLength(rows.length);
    await pruneAt(new Date(last + HOUR + 1000));
    expect(await all.rateLimits()).toEqual([]);
  });

  it("removes reset tokens retention.reset-tokens-hours after they expired (passwords.expire)", async () => {
    await app.database.db.insert(passwordResetTokens).values([
      { email: "a@example.com", token: "x", createdAt: T0 },
      { email: "b@example.com", token: "y", createdAt: at(HOUR) },
    ]);
    // 60 minutes of validity + 24 hours of retention.
    await pruneAt(at(25 * HOUR + 1000));
    expect((await all.resetTokens()).map((row) => row.email)).toEqual([
      "b@example.com",
    ]);
    await pruneAt(at(26 * HOUR + 1000));
    expect(await all.resetTokens()).toEqual([]);
  });

  it("removes personal access tokens retention.tokens-hours after they expired (sanctum:prune-expired); never one without expiry", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    await createToken(app, user.email, {
      name: "expiring",
      expires_at: at(HOUR).toISOString(),
    });
    await createToken(app, user.email, { name: "forever" });
    expect((await pruneAt(at(HOUR + 24 * HOUR))).personal_access_tokens).toBe(
      0,
    );
    expect(
      (await pruneAt(at(HOUR + 24 * HOUR + 1000))).personal_access_tokens,
    ).toBe(1);
    expect((await all.tokens()).map((token) => token.name)).toEqual([
      "forever",
    ]);
    expect((await pruneAt(at(1000 * 24 * HOUR))).personal_access_tokens).toBe(
      0,
    );
  });

  it("removes uploads no user shows after retention.uploads-hours, by their row's time or the file's", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const dir = path.join(app.services.env.DATA_DIR, "uploads");
    mkdirSync(dir, { recursive: true });
    const file = (name: string) => path.join(dir, name);
    const names = {
      shown: `${"a".repeat(32)}.png`,
      tried: `${"b".repeat(32)}.png`,
      stray: `${"c".repeat(32)}.png`,
    };
    for (const name of Object.values(names)) writeFileSync(file(name), "x");
    // A file without a row (written before the table existed, or by a failed upload): its own time.
    utimesSync(file(names.stray), T0, T0);
    await app.database.db.insert(uploads).values([
      {
        userId: user.id,
        path: `/uploads/${names.shown}`,
        bytes: 1,
        createdAt: T0,
      },
      {
        userId: user.id,
        path: `/uploads/${names.tried}`,
        bytes: 1,
        createdAt: T0,
      },
    ]);
    await app.database.db
      .update(users)
      .set({ payload: { avatar: `/uploads/${names.shown}` } })
      .where(eq(users.id, user.id));
    expect((await pruneAt(at(24 * HOUR))).uploads).toBe(0);
    expect((await pruneAt(at(24 * HOUR + 1000))).uploads).toBe(2);
    expect((await all.uploads()).map((row) => row.path)).toEqual([
      `/uploads/${names.shown}`,
    ]);
    expect(
      [names.shown, names.tried, names.stray].map((name) =>
        existsSync(file(name)),
      ),
    ).toEqual([true, false, false]);
  });

  it("runs once per retention.prune-every-minutes window, whichever instance claims it", async () => {
    const deps = (now: Date) => ({
      db: app.database.db,
      config: app.services.config,
      env: app.services.env,
      now,
    });
    const other = app.instance();
    const first = await Promise.all([
      pruneIfDue(deps(T0)),
      pruneIfDue({ ...deps(T0), db: other.database.db }),
    ]);
    expect(first.filter((result) => result !== null)).toHaveLength(1);
    expect(await pruneIfDue(deps(at(59 * 60_000)))).toBeNull();
    expect(await pruneIfDue(deps(at(60 * 60_000)))).not.toBeNull();
  });
});
