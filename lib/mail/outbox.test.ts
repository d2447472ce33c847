import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboxMailer } from "@/lib/mail/outbox";

let dir: string;
beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), "outbox-test-")), "outbox");
});
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const message = (subject: string) => ({
  to: ["user@example.com"],
  subject,
  text: `text ${subject}`,
  html: `<p>${subject}</p>`,
});

function read(): Record<string, unknown>[] {
  return readdirSync(dir)
    .sort()
    .map(
      (name) =>
        JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Record<
          string,
          unknown
        >,
    );
}

describe("outbox driver (docs/contract.md, Runtime: Mail outbox)", () => {
  it("writes one JSON file per message with exactly to, subject, text, html and sentAt", async () => {
    const mailer = outboxMailer(
      dir,
      () => new Date("2026-11-22T10:00:00.000Z"),
    );
    await mailer.send(message("hello"));
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.json$/);
    expect(read()).toEqual([
      {
        to: ["user@example.com"],
        subject: "hello",
        text: "text hello",
        html: "<p>hello</p>",
        sentAt: "2026-11-22T10:00:00.000Z",
      },
    ]);
  });

  it("names files so that sorting the names sorts by sending time, also within one millisecond", async () => {
    let now = new Date("2026-11-22T09:59:59.999Z");
    const mailer = outboxMailer(dir, () => now);
    for (const subject of ["a", "b", "c"]) await mailer.send(message(subject));
    now = new Date("2026-11-22T10:00:00.000Z");
    await mailer.send(message("d"));
    now = new Date("2026-11-23T00:00:00.000Z");
    await mailer.send(message("e"));
    expect(read().map((m) => m.subject)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("keeps the names sortable across a new mailer in the same process", async () => {
    const now = () => new Date("2026-11-22T10:00:00.000Z");
    await outboxMailer(dir, now).send(message("first"));
    await outboxMailer(dir, now).send(message("second"));
    expect(read().map((m) => m.subject)).toEqual(["first", "second"]);
  });

  it("never shows a reader a message file that is still being written", async () => {
    // A large message is written in several chunks; a reader polling the folder meanwhile (as the
    // tests, the e2e suite and outside tools do) must see either no file or the whole message.
    mkdirSync(dir, { recursive: true });
    const mailer = outboxMailer(dir);
    const big = { ...message("big"), text: "x".repeat(32 * 1024 * 1024) };
    let sending = true;
    const sent = mailer.send(big).finally(() => (sending = false));
    const unreadable: string[] = [];
    while (sending) {
      for (const name of readdirSync(dir).filter((file) =>
        file.endsWith(".json"),
      )) {
        try {
          JSON.parse(readFileSync(path.join(dir, name), "utf8"));
        } catch {
          unreadable.push(name);
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sent;
    expect(unreadable).toEqual([]);
    expect(read().map((m) => m.subject)).toEqual(["big"]);
  });
});
