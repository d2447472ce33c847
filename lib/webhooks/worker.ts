import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { enqueueCompose, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { activityEventBody } from "@/lib/webhooks/payload";
import { postWebhook } from "@/lib/webhooks/post";
import {
  DELIVER_COMPOSER,
  findDelivery,
  MAX_DELIVERY_ATTEMPTS,
  queueDelivery,
  RETRY_DELAYS_SECONDS,
} from "@/lib/webhooks/deliveries";
import { signWebhook, unsealWebhookSecret } from "@/lib/webhooks/secrets";

/** What the webhook jobs run with; `allowPrivate` is read at each attempt (settings may change). */
export type WebhookDeps = {
  db: Db;
  now: () => Date;
  secretKey: Buffer;
  allowPrivate: () => boolean;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Whether an endpoint was there when the entry was written. The log keeps whole seconds (rounded),
 * so the endpoint's time is taken down to its second: an entry written after it is never dropped,
 * one written in the same second before it may be delivered (its own `webhook-created` is).
 */
const registeredBy = (endpoint: { createdAt: Date }, at: Date | null) =>
  at === null || seconds(endpoint.createdAt) * 1000 <= at.getTime();

/**
 * The `webhook-fanout` job: one delivery per active endpoint that listens to the entry's event
 * and was registered by the time it was written (a job run late, behind a backlog, sends a new
 * endpoint nothing from before it existed).
 */
export async function fanOutActivity(
  deps: WebhookDeps,
  activityId: number,
): Promise<number> {
  const event = await activityEventBody(deps.db, activityId);
  if (!event) return 0;
  const endpoints = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.active, true));
  const targets = endpoints.filter(
    (endpoint) =>
      (endpoint.events.includes("*") ||
        endpoint.events.includes(event.event)) &&
      registeredBy(endpoint, event.at),
  );
  if (targets.length === 0) return 0;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const endpoint of targets)
      await queueDelivery(
        tx,
        {
          endpointId: endpoint.id,
          event: event.event,
          activityId,
          payload: event.body,
        },
        now,
      );
  });
  return targets.length;
}

/**
 * The `webhook-deliver` job: one attempt, signed now (Standard Webhooks: the timestamp is the
 * attempt's), recorded in the delivery log; a failure queues the next attempt after its delay,
 * until the last one. The job itself never fails: the log is where a failure shows.
 */
export async function attemptDelivery(
  deps: WebhookDeps,
  deliveryId: number,
): Promise<void> {
  const found = await findDelivery(deps.db, deliveryId);
  if (
    !found ||
    found.delivery.status === "succeeded" ||
    found.delivery.status === "failed"
  )
    return;
  const { delivery, endpoint } = found;
  const now = deps.now();
  const timestamp = seconds(now);
  let outcome;
  try {
    const secret = unsealWebhookSecret(
      deps.secretKey,
      endpoint.secret,
      endpoint.uuid,
    );
    const headers = {
      "user-agent": "next-laravel-auth-webhooks/1",
      "content-type": "application/json",
      "webhook-id": delivery.messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(
        secret,
        delivery.messageId,
        timestamp,
        delivery.payload,
      ),
    };
    outcome = await postWebhook(
      endpoint.url,
      headers,
      delivery.payload,
      deps.allowPrivate(),
    );
  } catch (error) {
    // A secret sealed under another SESSION_SECRET: nothing can sign it, every attempt fails alike.
    outcome = {
      error: `the endpoint's secret cannot be read (${(error as Error).message})`,
    };
  }
  const attempts = delivery.attempts + 1;
  const succeeded =
    "status" in outcome && outcome.status >= 200 && outcome.status < 300;
  const delay = RETRY_DELAYS_SECONDS[attempts - 1];
  const retry =
    !succeeded && attempts < MAX_DELIVERY_ATTEMPTS && delay !== undefined;
  const finishedAt = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: succeeded ? "succeeded" : retry ? "retrying" : "failed",
        attempts,
        responseStatus: "status" in outcome ? outcome.status : null,
        responseExcerpt: "status" in outcome ? outcome.excerpt : null,
        error: "error" in outcome ? outcome.error.slice(0, 500) : null,
        lastAttemptAt: finishedAt,
        nextAttemptAt: retry
          ? new Date(finishedAt.getTime() + (delay ?? 0) * 1000)
          : null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (retry)
      await enqueueCompose(
        tx,
        {
          type: "compose",
          composer: DELIVER_COMPOSER,
          data: { delivery_id: delivery.id },
        },
        finishedAt,
        { queue: WEBHOOK_QUEUE, delaySeconds: delay },
      );
  });
}
