import "server-only";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The last copy `backup` wrote, kept in DATA_DIR beside the database it copied (decision record 096). */
const BACKUP_RECORD_FILE = "last-backup.json";

const backupRecordSchema = z.object({
  at: z.iso.datetime(),
  bytes: z.int().nonnegative(),
});
export type BackupRecord = { at: Date; bytes: number };

/** Written by the `backup` command once its copy is on disk. */
export function recordBackup(dataDir: string, record: BackupRecord): void {
  writeFileSync(
    path.join(dataDir, BACKUP_RECORD_FILE),
    JSON.stringify({ at: record.at.toISOString(), bytes: record.bytes }),
  );
}

/** The last recorded backup, or null when none was (or the file is not ours to read). */
export function lastBackup(dataDir: string): BackupRecord | null {
  const file = path.join(dataDir, BACKUP_RECORD_FILE);
  if (!existsSync(file)) return null;
  try {
    const parsed = backupRecordSchema.safeParse(
      JSON.parse(readFileSync(file, "utf8")),
    );
    return parsed.success
      ? { at: new Date(parsed.data.at), bytes: parsed.data.bytes }
      : null;
  } catch {
    return null;
  }
}
