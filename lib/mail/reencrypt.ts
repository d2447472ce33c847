import "server-only";
import { eq, like } from "drizzle-orm";
import type { Db } from "@/db/client";
import { failedJobs, jobs } from "@/db/schema";
import { mailQueueKey } from "@/lib/crypto/secrets";
import type { JobPayload } from "@/lib/mail/queue";
import { seal, unseal } from "@/lib/mail/sealed";
import type { ReencryptResult, Reencryptor } from "@/lib/crypto/reencryption";

type Row = { id: number; payload: string };

/** One payload under the new key: "done" already, "changed" now, or "unreadable" under both keys. */
function reseal(
  payload: string,
  from: Buffer,
  to: Buffer,
): { outcome: keyof ReencryptResult; payload?: string } {
  const parsed = JSON.parse(payload) as JobPayload;
  if (parsed.type !== "mail" || parsed.sealed === undefined)
    return { outcome: "unchanged" };
  try {
    unseal(to, parsed.sealed, parsed.uuid);
    return { outcome: "unchanged" };
  } catch {
    // not under the new key yet
  }
  try {
    const plain = unseal(from, parsed.sealed, parsed.uuid);
    return {
      outcome: "changed",
      payload: JSON.stringify({
        ...parsed,
        sealed: seal(to, plain, parsed.uuid),
      }),
    };
  } catch {
    return { outcome: "unreadable" };
  }
}

/**
 * Queued and failed mail (decision record 004): every sealed message opened with the key of the
 * old SESSION_SECRET and sealed again with the new one, in one transaction per table, rows locked.
 * Idempotent: a message already under the new key is left alone.
 */
export const mailQueueReencryptor: Reencryptor = {
  name: "mail queue (jobs, failed_jobs)",
  async run(
    db: Db,
    secrets: { from: string; to: string },
  ): Promise<ReencryptResult> {
    const from = mailQueueKey(secrets.from);
    const to = mailQueueKey(secrets.to);
    const result: ReencryptResult = { changed: 0, unchanged: 0, unreadable: 0 };
    for (const table of [jobs, failedJobs] as const) {
      await db.transaction(async (tx) => {
        const rows: Row[] = await tx
          .select({ id: table.id, payload: table.payload })
          .from(table)
          .where(like(table.payload, '%"sealed"%'))
          .for("update");
        for (const row of rows) {
          const next = reseal(row.payload, from, to);
          result[next.outcome]++;
          if (next.payload)
            await tx
              .update(table)
              .set({ payload: next.payload })
              .where(eq(table.id, row.id));
        }
      });
    }
    return result;
  },
};
