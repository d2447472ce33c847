import "server-only";
import { z } from "zod";
import type { AuthConfig } from "@/lib/config/auth";
import { defineEndpoint } from "@/lib/server/endpoint";
import { invalid } from "@/lib/http/errors";
import { detectImageType } from "@/lib/uploads/image-types";
import { storeWithinQuota } from "@/lib/uploads/quota";
import { UPLOADS_PATH } from "@/lib/uploads/upload-uri";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

const NOT_AN_IMAGE = "The :attribute field must be an image.";

function fileRule(config: AuthConfig) {
  const maxKilobytes = config.uploads["max-kilobytes"];
  return z
    .instanceof(File, {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "The :attribute field is required."
          : "The :attribute field must be a file.",
    })
    .refine((file) => file.size <= maxKilobytes * 1024, {
      message: "The :attribute field must not be greater than :max kilobytes.",
      params: { max: maxKilobytes },
    });
}

/**
 * contract §4 "Set photo": multipart POST lu.upload.file with `file` and `visibility=public`.
 * Images only, judged by their content; stored under DATA_DIR/uploads with a random name, within
 * the uploader's quota.
 */
export const uploadFile = defineEndpoint({
  input: (config) =>
    z.strictObject({
      file: fileRule(config),
      // Only public files exist: they are served to anyone who has the address.
      visibility: z.enum(["public"]).nullish(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const type = detectImageType(bytes);
    if (!type) throw invalid("file", NOT_AN_IMAGE);
    const name = await storeWithinQuota(ctx, user.id, bytes, type);
    return { success: true, uri: `${UPLOADS_PATH}${name}` };
  },
});
