import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { pruneOrphanedUploads } from "@/lib/uploads/cleanup";
import { UPLOAD_FILE_ROUTE, UPLOAD_SHOW_ROUTE } from "@/lib/uploads/routes";

const HOUR_MS = 3_600_000;

/** Profile photos: the upload, the file served, and orphaned files pruned. */
export const UPLOADS = defineFeature({
  name: "uploads",
  hostRoutes: [UPLOAD_FILE_ROUTE, UPLOAD_SHOW_ROUTE],
  pruners: {
    uploads: (deps) =>
      pruneOrphanedUploads(
        deps.db,
        deps.env.DATA_DIR,
        new Date(
          deps.now.getTime() - deps.config.retention["uploads-hours"] * HOUR_MS,
        ),
      ),
  },
});
