import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import { serveUpload } from "@/lib/uploads/serve-upload";
import { uploadFile } from "@/lib/uploads/upload-file";
import { UPLOAD_FILE } from "@/lib/contract/uploads/routes";

// Room for the multipart boundaries, headers and the other fields beside the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** POST /api/lu/upload/file. */
export const UPLOAD_FILE_ROUTE: HostRoute = {
  ...UPLOAD_FILE,
  endpoint: uploadFile,
  middleware: ["auth:sanctum", "throttle:30,1"],
  ability: "user:write",
  credential: "none",
  // Past this the body is refused with 413 before it is parsed; below it an oversized file is a 422.
  bodyLimit: (config) =>
    config.uploads["max-kilobytes"] * 1024 + MULTIPART_OVERHEAD_BYTES,
};

/** GET /uploads/<name> (app/uploads/[name]/route.ts): public, like the files' visibility. */
export const UPLOAD_SHOW_ROUTE: HostRoute = {
  name: "uploads.show",
  path: "/uploads/{name}",
  method: "GET",
  endpoint: serveUpload,
  middleware: [],
  ability: null,
  credential: "none",
};
