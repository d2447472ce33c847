import "server-only";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { uploads, users } from "@/db/schema";
import { listUploads, removeUpload } from "@/lib/uploads/storage";
import { isUploadUri, UPLOADS_PATH } from "@/lib/uploads/upload-uri";

const avatar = sql<string>`${users.payload}->>'avatar'`;
// Large lists go to the database in slices: one parameter per name.
const SLICE = 500;

/** Of `uris`, those some user (soft-deleted ones too: they may be restored) shows as avatar. */
async function referenced(db: Db, uris: string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  for (let start = 0; start < uris.length; start += SLICE) {
    const rows = await db
      .select({ uri: avatar })
      .from(users)
      .where(inArray(avatar, uris.slice(start, start + SLICE)));
    for (const row of rows) shown.add(row.uri);
  }
  return shown;
}

/** Deletes the files and rows of `uris` (idempotent: another instance may have done it first). */
async function deleteUploads(
  db: Db,
  dataDir: string,
  uris: string[],
): Promise<void> {
  for (let start = 0; start < uris.length; start += SLICE) {
    await db
      .delete(uploads)
      .where(inArray(uploads.path, uris.slice(start, start + SLICE)));
  }
  for (const uri of uris)
    await removeUpload(dataDir, uri.slice(UPLOADS_PATH.length));
}

/**
 * A photo replaced or removed (the profile update): its file and row go, unless another user
 * still shows it. Frees the uploader's quota.
 */
export async function deleteReplacedPhoto(
  db: Db,
  dataDir: string,
  uri: unknown,
): Promise<void> {
  if (!isUploadUri(uri) || (await referenced(db, [uri])).has(uri)) return;
  await deleteUploads(db, dataDir, [uri]);
}

/**
 * Uploads no user shows, older than `before` (by their row's time, or the file's for a file
 * without one), are deleted: photos tried and never set, files of a failed upload. Returns how many.
 */
export async function pruneOrphanedUploads(
  db: Db,
  dataDir: string,
  before: Date,
): Promise<number> {
  const files = await listUploads(dataDir);
  const rows = await db
    .select({ path: uploads.path, createdAt: uploads.createdAt })
    .from(uploads);
  const recorded = new Map(rows.map((row) => [row.path, row.createdAt]));
  const onDisk = new Set(files.map((file) => `${UPLOADS_PATH}${file.name}`));
  const aged = [
    ...files.map((file) => ({
      uri: `${UPLOADS_PATH}${file.name}`,
      at: recorded.get(`${UPLOADS_PATH}${file.name}`) ?? file.modifiedAt,
    })),
    // A row whose file is gone still counts against its owner's quota.
    ...rows
      .filter((row) => !onDisk.has(row.path))
      .map((row) => ({ uri: row.path, at: row.createdAt })),
  ];
  const candidates = aged
    .filter((entry) => entry.at.getTime() < before.getTime())
    .map((entry) => entry.uri);
  const shown = await referenced(db, candidates);
  const orphans = candidates.filter((uri) => !shown.has(uri));
  await deleteUploads(db, dataDir, orphans);
  return orphans.length;
}
