import "server-only";
import { eq, sql } from "drizzle-orm";
import { uploads, users } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { invalid } from "@/lib/http/errors";
import type { ImageType } from "@/lib/uploads/image-types";
import { storeUpload } from "@/lib/uploads/storage";
import { UPLOADS_PATH } from "@/lib/uploads/upload-uri";

const TOO_MANY_FILES = "You may keep at most :max uploaded files.";
const TOO_MANY_KILOBYTES =
  "Your uploaded files may take at most :max kilobytes in all.";

/**
 * Stores an upload of `userId` within the quota (`uploads.max-files`, `uploads.max-total-kilobytes`)
 * and records who uploaded it; 422 on `file` when it would exceed either. The owner's row is
 * locked while counting, so concurrent uploads of one user are counted one after the other. A
 * file written by a transaction that then fails is referenced by nobody: the pruning removes it.
 * Returns the stored name.
 */
export async function storeWithinQuota(
  ctx: Context,
  userId: number,
  bytes: Uint8Array,
  type: ImageType,
): Promise<string> {
  const limits = ctx.config.uploads;
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const [used] = await tx
      .select({
        files: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::float8`,
      })
      .from(uploads)
      .where(eq(uploads.userId, userId));
    if ((used?.files ?? 0) + 1 > limits["max-files"])
      throw invalid("file", TOO_MANY_FILES, { max: limits["max-files"] });
    if (
      (used?.bytes ?? 0) + bytes.byteLength >
      limits["max-total-kilobytes"] * 1024
    ) {
      throw invalid("file", TOO_MANY_KILOBYTES, {
        max: limits["max-total-kilobytes"],
      });
    }
    const name = await storeUpload(ctx.env.DATA_DIR, bytes, type);
    await tx.insert(uploads).values({
      userId,
      path: `${UPLOADS_PATH}${name}`,
      bytes: bytes.byteLength,
      createdAt: ctx.now,
    });
    return name;
  });
}
