import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type OutboxMail = { to: string[]; subject: string; text: string };

/** The outbox driver's messages in sending order (docs/getting-started.md "Quick start"); none while the folder is missing. */
export function readOutbox<Mail = OutboxMail>(outbox: string): Mail[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map(
      (name) =>
        JSON.parse(readFileSync(path.join(outbox, name), "utf8")) as Mail,
    );
}

/** How many messages the outbox driver wrote to each address. */
export function messagesByRecipient(
  outbox: string,
  subject?: RegExp,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of readOutbox(outbox)) {
    if (subject && !subject.test(mail.subject)) continue;
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** Waits until every address of `emails` has at least one message (or the deadline passes). */
export async function waitForMessages(
  outbox: string,
  emails: readonly string[],
  deadlineMs = 30_000,
): Promise<Map<string, number>> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const counts = messagesByRecipient(outbox);
    if (emails.every((email) => counts.has(email)) || Date.now() > deadline)
      return counts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
