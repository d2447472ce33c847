import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  testWebhook,
} from "@/lib/webhooks/endpoints";

// Administrators only: the guard (401), then the `admin` middleware (403, lib/policies/admin.ts);
// a token changes nothing without the `admin` ability.
const admin = ["auth:sanctum", "admin"];

export const LIST_WEBHOOKS: HostRoute = {
  name: "api.admin.webhooks.index",
  path: "/api/admin/webhooks",
  method: "GET",
  endpoint: listWebhooks,
  middleware: admin,
  ability: null,
  credential: "administers",
};
export const CREATE_WEBHOOK: HostRoute = {
  name: "api.admin.webhooks.store",
  path: "/api/admin/webhooks",
  method: "POST",
  endpoint: createWebhook,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const DELETE_WEBHOOK: HostRoute = {
  name: "api.admin.webhooks.destroy",
  path: "/api/admin/webhooks/{id}",
  method: "DELETE",
  endpoint: deleteWebhook,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const TEST_WEBHOOK: HostRoute = {
  name: "api.admin.webhooks.test",
  path: "/api/admin/webhooks/{id}/test",
  method: "POST",
  endpoint: testWebhook,
  middleware: [...admin, "throttle:30,1"],
  ability: "admin",
  credential: "administers",
};
export const WEBHOOK_DELIVERIES: HostRoute = {
  name: "api.admin.webhooks.deliveries",
  path: "/api/admin/webhooks/{id}/deliveries",
  method: "GET",
  endpoint: listWebhookDeliveries,
  middleware: admin,
  ability: null,
  credential: "administers",
};
