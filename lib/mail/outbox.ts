import "server-only";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Mailer, MailMessage } from "@/lib/server/mailer";

let sequence = 0;

/** docs/contract.md ("Runtime": Mail outbox): one JSON file per message; sorting the names sorts by sending time. */
export function outboxMailer(
  directory: string,
  now: () => Date = () => new Date(),
): Mailer {
  return {
    async send(message: MailMessage) {
      await mkdir(directory, { recursive: true });
      const sentAt = now();
      sequence = (sequence + 1) % 1_000_000;
      const name = `${sentAt.toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(6, "0")}-${randomBytes(4).toString("hex")}.json`;
      const body = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        sentAt: sentAt.toISOString(),
      };
      // Written under a hidden name, then renamed (atomic within one folder): whoever reads
      // the folder sees a message whole or not at all, never a file still being written.
      const writing = path.join(directory, `.${name}.partial`);
      await writeFile(writing, JSON.stringify(body, null, 2), { flag: "wx" });
      await rename(writing, path.join(directory, name));
    },
  };
}
