import "server-only";
import { WEBHOOK_QUEUE } from "@/lib/mail/queue";
import type { Services } from "@/lib/server/services";
import { daysBefore, defineFeature } from "@/lib/server/feature";
import {
  DELIVER_COMPOSER,
  FANOUT_COMPOSER,
  pruneDeliveries,
} from "@/lib/webhooks/deliveries";
import { webhookSecretsReencryptor } from "@/lib/webhooks/reencrypt";
import {
  CREATE_WEBHOOK,
  DELETE_WEBHOOK,
  LIST_WEBHOOKS,
  TEST_WEBHOOK,
  WEBHOOK_DELIVERIES,
} from "@/lib/webhooks/routes";
import { webhookSecretKey } from "@/lib/webhooks/secrets";
import {
  attemptDelivery,
  fanOutActivity,
  type WebhookDeps,
} from "@/lib/webhooks/worker";

/** What the webhook jobs run with; the private-address switch is read at each delivery. */
function webhookDeps(target: Services): WebhookDeps {
  return {
    db: target.database.db,
    now: target.now,
    secretKey: webhookSecretKey(target.env.SESSION_SECRET),
    allowPrivate: () => target.config.webhooks["allow-private-addresses"],
  };
}

/**
 * Webhooks (decision record 022). The events it listens to are the activity log's: a database
 * trigger queues a fan-out job for each new entry (db/migrations/0006_webhooks.sql), so no
 * feature calls it; its own worker loop, so a slow endpoint never holds mail back.
 */
export const WEBHOOKS = defineFeature({
  name: "webhooks",
  hostRoutes: [
    LIST_WEBHOOKS,
    CREATE_WEBHOOK,
    DELETE_WEBHOOK,
    TEST_WEBHOOK,
    WEBHOOK_DELIVERIES,
  ],
  workers: [{ queue: WEBHOOK_QUEUE, wake: "wakeWebhookWorker" }],
  composers: {
    [FANOUT_COMPOSER]: (target) => {
      const deps = webhookDeps(target);
      return async (data) =>
        void (await fanOutActivity(deps, Number(data.activity_id)));
    },
    [DELIVER_COMPOSER]: (target) => {
      const deps = webhookDeps(target);
      return (data) => attemptDelivery(deps, Number(data.delivery_id));
    },
  },
  pruners: {
    webhook_deliveries: (deps) =>
      pruneDeliveries(
        deps.db,
        daysBefore(deps.now, deps.config.retention["webhook-deliveries-days"]),
      ),
  },
  reencryptors: [webhookSecretsReencryptor],
  settings: ["webhooks", "retention.webhook-deliveries-days"],
});
