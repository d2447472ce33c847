import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";

/** A photo upload (multipart `file`): its relative URI, for the profile's `avatar`. */
export const UPLOAD_FILE = hostContract({
  name: "lu.upload.file",
  path: "/api/lu/upload/file",
  method: "POST",
  output: z.object({ success: z.boolean(), uri: z.string() }),
});
