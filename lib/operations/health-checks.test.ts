import { describe, expect, it } from "vitest";
import {
  BACKUP_STALE_HOURS,
  type HealthFigures,
  judgeHealth,
  MAIL_STUCK_MINUTES,
} from "@/lib/operations/health-checks";
import { HEALTH_CHECK_NAMES } from "@/lib/contract/operations/routes";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

const now = new Date("2026-12-02T08:00:00Z");
const healthy: HealthFigures = {
  now,
  isProduction: true,
  database: "pglite",
  oauthKeys: "files",
  mailDriver: "resend",
  mailQueued: 0,
  mailOldestDueAt: null,
  mailFailed: 0,
  webhooksFailed: 0,
  webhooksRetrying: 0,
  migrationsKnown: 14,
  migrationsPending: 0,
  migrationsNewer: 0,
  backup: { at: new Date(now.getTime() - 3_600_000), bytes: 4096 },
};

// Every state each check can be in: the panel's words are all reached from these.
const states: Partial<HealthFigures>[] = [
  {},
  { oauthKeys: "environment" },
  { oauthKeys: "absent" },
  { oauthKeys: "absent", isProduction: false },
  { mailDriver: "outbox" },
  { mailDriver: "outbox", isProduction: false },
  { mailFailed: 2, mailQueued: 1 },
  {
    mailQueued: 3,
    mailOldestDueAt: now.getTime() / 1000 - MAIL_STUCK_MINUTES * 60,
  },
  { webhooksFailed: 1 },
  { migrationsPending: 2 },
  { migrationsNewer: 1 },
  { database: "postgres" },
  { backup: null },
  {
    backup: {
      at: new Date(now.getTime() - BACKUP_STALE_HOURS * 3_600_000),
      bytes: 1,
    },
  },
];
const judged = states.map((state) => judgeHealth({ ...healthy, ...state }));
const byName = (state: Partial<HealthFigures>) =>
  Object.fromEntries(
    judgeHealth({ ...healthy, ...state }).map((check) => [check.name, check]),
  );

describe("the health panel's judgments (decision record 096)", () => {
  it("passes every check of a healthy production server, in the panel's order", () => {
    const checks = judgeHealth(healthy);
    expect(checks.map((check) => check.name)).toEqual([...HEALTH_CHECK_NAMES]);
    expect(checks.map((check) => check.status)).toEqual(
      HEALTH_CHECK_NAMES.map(() => "ok"),
    );
  });

  it("fails what breaks a production server, and only warns in development", () => {
    expect(byName({ oauthKeys: "absent" })["oauth-keys"]?.status).toBe("fail");
    expect(
      byName({ oauthKeys: "absent", isProduction: false })["oauth-keys"]
        ?.status,
    ).toBe("warn");
    expect(byName({ mailDriver: "outbox" })["mail-driver"]?.status).toBe(
      "fail",
    );
    expect(
      byName({ mailDriver: "outbox", isProduction: false })["mail-driver"]
        ?.status,
    ).toBe("ok");
  });

  it("warns of a message waiting from the threshold on, not before", () => {
    const waiting = (minutes: number) =>
      byName({
        mailQueued: 1,
        mailOldestDueAt: now.getTime() / 1000 - minutes * 60,
      })["mail-queue"]?.status;
    expect(waiting(MAIL_STUCK_MINUTES - 1)).toBe("ok");
    expect(waiting(MAIL_STUCK_MINUTES)).toBe("warn");
  });

  it("names a figure and what to do for every state, each translated into Spanish", () => {
    const english: Record<string, string> = en;
    const spanish: Record<string, string> = es;
    const words = judged
      .flat()
      .flatMap((check) => [check.figure, check.action]);
    expect(words.filter((key) => !(key in english))).toEqual([]);
    expect(words.filter((key) => !(key in spanish))).toEqual([]);
    for (const check of judged.flat())
      for (const placeholder of `${check.figure} ${check.action}`.match(
        /(?<!\w):\w+/g,
      ) ?? [])
        expect(check.values, check.figure).toHaveProperty(placeholder.slice(1));
  });
});
