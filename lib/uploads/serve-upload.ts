import "server-only";
import { defineEndpoint } from "@/lib/server/endpoint";
import { notFound } from "@/lib/http/errors";
import { readUpload } from "@/lib/uploads/storage";

/**
 * GET /uploads/<name>: a stored upload with its image type. Names never change content, so the
 * browser may keep it for a year; `private` keeps shared caches from storing a response that
 * might carry the pipeline's session cookie.
 */
export const serveUpload = defineEndpoint({
  async run(ctx) {
    const upload = await readUpload(ctx.env.DATA_DIR, ctx.params.name ?? "");
    if (!upload) throw notFound();
    return new Response(upload.bytes as BodyInit, {
      headers: {
        "Content-Type": upload.type.contentType,
        "Content-Length": String(upload.bytes.byteLength),
        "Cache-Control": "private, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        // Opened directly, the file is still only an image: no scripts, no plugins.
        "Content-Security-Policy":
          "default-src 'none'; img-src 'self'; sandbox",
      },
    });
  },
});
