import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** One message of the outbox driver (docs/contract.md ("Runtime": Mail outbox)). */
export type Mail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  sentAt: string;
};

const POLL_MS = 200;

function outboxDir(): string {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir)
    throw new Error("E2E_OUTBOX_DIR is not set (playwright.config.ts sets it)");
  return dir;
}

async function newestTo(
  address: string,
  subject: RegExp | undefined,
  since: Date,
): Promise<Mail | null> {
  const names = await readdir(outboxDir()).catch(() => [] as string[]);
  // Names sort by sending time: newest first.
  for (const name of names
    .filter((file) => file.endsWith(".json"))
    .sort()
    .reverse()) {
    const mail = JSON.parse(
      await readFile(path.join(outboxDir(), name), "utf8"),
    ) as Mail;
    if (new Date(mail.sentAt) < since) return null;
    const isTo = mail.to.some(
      (to) => to.toLowerCase() === address.toLowerCase(),
    );
    if (isTo && (!subject || subject.test(mail.subject))) return mail;
  }
  return null;
}

/** Waits for the newest message to `address` (the mail worker delivers within about a second). */
export async function waitForMail(
  address: string,
  options: { subject?: RegExp; since?: Date; timeoutMs?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const since = options.since ?? new Date(0);
  for (;;) {
    const mail = await newestTo(address, options.subject, since);
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(
        `No mail to ${address}${options.subject ? ` matching ${options.subject}` : ""} in the outbox`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The first absolute link of the message's text whose path matches `pattern`. */
export function linkIn(mail: Mail, pattern: RegExp): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) =>
    pattern.test(new URL(url).pathname),
  );
  if (!link)
    throw new Error(`No link matching ${pattern} in "${mail.subject}"`);
  return link;
}
