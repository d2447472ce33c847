import { z } from "zod";
import { hostContract } from "@/lib/config/route-contract";
import { successSchema } from "@/lib/users/schemas/user";

export const queuedMailSchema = z.object({
  id: z.int(),
  to: z.array(z.string()),
  subject: z.string(),
  attempts: z.int(),
  available_at: z.string(),
  created_at: z.string(),
});

export const failedMailSchema = z.object({
  id: z.int(),
  to: z.array(z.string()),
  subject: z.string(),
  exception: z.string(),
  failed_at: z.string(),
});

export const SHOW_MAIL_CONTRACT = hostContract({
  name: "api.admin.mail",
  path: "/api/admin/mail",
  method: "GET",
  output: z.object({
    queued: z.array(queuedMailSchema),
    failed: z.array(failedMailSchema),
  }),
});
export const RETRY_MAIL_CONTRACT = hostContract({
  name: "api.admin.mail.retry",
  path: "/api/admin/mail/failed/{id}/retry",
  method: "POST",
  output: successSchema,
});
