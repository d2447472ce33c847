import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { SHOW_HEALTH } from "@/lib/operations/health-panel";
import { RETRY_MAIL, SHOW_MAIL } from "@/lib/operations/mail";

/** The operations API: queued and failed mail, a retry, and the health panel's checks. */
export const OPERATIONS = defineFeature({
  name: "operations",
  hostRoutes: [SHOW_MAIL, RETRY_MAIL, SHOW_HEALTH],
});
