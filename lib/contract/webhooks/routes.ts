import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";
import { successSchema } from "@/lib/contract/users/user";

/** One attempt to deliver an event (lib/webhooks/deliveries.ts `presentDelivery`). */
export const webhookDeliverySchema = z.object({
  id: z.int(),
  message_id: z.string(),
  event: z.string(),
  status: z.enum(["pending", "retrying", "succeeded", "failed"]),
  attempts: z.int(),
  response_status: z.int().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

export const webhookEndpointSchema = z.object({
  id: z.int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
  last_delivery: webhookDeliverySchema.nullable(),
});

export const LIST_WEBHOOKS_CONTRACT = hostContract({
  name: "api.admin.webhooks.index",
  path: "/api/admin/webhooks",
  method: "GET",
  output: z.object({
    data: z.array(webhookEndpointSchema),
    events: z.array(z.string()),
    allow_private_addresses: z.boolean(),
  }),
});
export const CREATE_WEBHOOK_CONTRACT = hostContract({
  name: "api.admin.webhooks.store",
  path: "/api/admin/webhooks",
  method: "POST",
  input: z.object({
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullish(),
    secret: z.string().nullish(),
  }),
  output: z.object({
    success: z.boolean(),
    endpoint: webhookEndpointSchema,
    secret: z.string(),
  }),
});
export const DELETE_WEBHOOK_CONTRACT = hostContract({
  name: "api.admin.webhooks.destroy",
  path: "/api/admin/webhooks/{id}",
  method: "DELETE",
  output: successSchema,
});
export const TEST_WEBHOOK_CONTRACT = hostContract({
  name: "api.admin.webhooks.test",
  path: "/api/admin/webhooks/{id}/test",
  method: "POST",
  output: z.object({ success: z.boolean(), delivery: webhookDeliverySchema }),
});
export const WEBHOOK_DELIVERIES_CONTRACT = hostContract({
  name: "api.admin.webhooks.deliveries",
  path: "/api/admin/webhooks/{id}/deliveries",
  method: "GET",
  output: z.object({ data: z.array(webhookDeliverySchema) }),
});
