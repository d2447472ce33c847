import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { RETRY_MAIL, SHOW_MAIL } from "@/lib/operations/mail";

/** The operations page's API: queued and failed mail, and a retry. */
export const OPERATIONS = defineFeature({
  name: "operations",
  hostRoutes: [SHOW_MAIL, RETRY_MAIL],
});
