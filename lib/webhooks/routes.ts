import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  testWebhook,
} from "@/lib/webhooks/endpoints";
import {
  CREATE_WEBHOOK_CONTRACT,
  DELETE_WEBHOOK_CONTRACT,
  LIST_WEBHOOKS_CONTRACT,
  TEST_WEBHOOK_CONTRACT,
  WEBHOOK_DELIVERIES_CONTRACT,
} from "@/lib/contract/webhooks/routes";

// Administrators only: the guard (401), then the `admin` middleware (403, lib/policies/admin.ts);
// a token changes nothing without the `admin` ability.
const admin = ["auth:sanctum", "admin"];

export const LIST_WEBHOOKS: HostRoute = {
  ...LIST_WEBHOOKS_CONTRACT,
  endpoint: listWebhooks,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const CREATE_WEBHOOK: HostRoute = {
  ...CREATE_WEBHOOK_CONTRACT,
  endpoint: createWebhook,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const DELETE_WEBHOOK: HostRoute = {
  ...DELETE_WEBHOOK_CONTRACT,
  endpoint: deleteWebhook,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const TEST_WEBHOOK: HostRoute = {
  ...TEST_WEBHOOK_CONTRACT,
  endpoint: testWebhook,
  middleware: [...admin, "throttle:30,1"],
  ability: "admin",
  credential: "administers",
};
export const WEBHOOK_DELIVERIES: HostRoute = {
  ...WEBHOOK_DELIVERIES_CONTRACT,
  endpoint: listWebhookDeliveries,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
