import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";
import { successSchema } from "@/lib/contract/users/user";

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

/** What the operator's health panel checks, in the order it shows them. */
export const HEALTH_CHECK_NAMES = [
  "oauth-keys",
  "mail-driver",
  "mail-queue",
  "webhooks",
  "migrations",
  "backup",
] as const;

/**
 * One check of the health panel (decision record 096): `figure` and `action` are English message
 * keys with `:placeholders` filled from `values`, translated by the screen in the page's language.
 */
export const healthCheckSchema = z.object({
  name: z.enum(HEALTH_CHECK_NAMES),
  status: z.enum(["ok", "warn", "fail"]),
  figure: z.string(),
  action: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const ADMIN_HEALTH_CONTRACT = hostContract({
  name: "api.admin.health",
  path: "/api/admin/health",
  method: "GET",
  output: z.object({ checks: z.array(healthCheckSchema) }),
});
