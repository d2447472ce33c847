import "server-only";
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type WebhookDelivery,
  webhookDeliveries,
  webhookEndpoints,
} from "@/db/schema";
import { enqueueCompose, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { newMessageId } from "@/lib/webhooks/payload";

export const DELIVER_COMPOSER = "webhook-deliver";
export const FANOUT_COMPOSER = "webhook-fanout";

/** pending → succeeded; or retrying (with a next attempt) → … → failed after the last attempt. */
export type DeliveryStatus = "pending" | "retrying" | "succeeded" | "failed";

/**
 * Seconds before each retry, by attempts made so far (Standard Webhooks' schedule, shortened at
 * the end): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h — 7 attempts over about 17 hours.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000];
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

type Executor = Pick<Db, "insert">;

/** Records a message for an endpoint and queues its first attempt (in the caller's transaction). */
export async function queueDelivery(
  db: Executor,
  input: {
    endpointId: number;
    event: string;
    activityId: number | null;
    payload: string;
  },
  now: Date,
): Promise<WebhookDelivery> {
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      ...input,
      messageId: newMessageId(),
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  if (!delivery) throw new Error("no delivery");
  await enqueueCompose(
    db,
    {
      type: "compose",
      composer: DELIVER_COMPOSER,
      data: { delivery_id: delivery.id },
    },
    now,
    { queue: WEBHOOK_QUEUE },
  );
  return delivery;
}

/** The delivery log as the administration page shows it. */
export function presentDelivery(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    message_id: delivery.messageId,
    event: delivery.event,
    status: delivery.status as DeliveryStatus,
    attempts: delivery.attempts,
    response_status: delivery.responseStatus,
    response_excerpt: delivery.responseExcerpt,
    error: delivery.error,
    last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
  };
}

/** The newest deliveries of an endpoint. */
export function listDeliveries(
  db: Db,
  endpointId: number,
  limit: number,
): Promise<WebhookDelivery[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

/** The latest delivery of each of `endpointIds` (the endpoint list's "last response"). */
export async function latestDeliveries(
  db: Db,
  endpointIds: number[],
): Promise<Map<number, WebhookDelivery>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
  return new Map(rows.map((row) => [row.endpointId, row]));
}

/** Finished deliveries (succeeded or failed) older than `before`; returns how many went. */
export async function pruneDeliveries(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ["succeeded", "failed"]),
        lt(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}

/** A delivery with its endpoint (null when either is gone: an endpoint's deletion takes its log with it). */
export async function findDelivery(db: Db, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      eq(webhookEndpoints.id, webhookDeliveries.endpointId),
    )
    .where(eq(webhookDeliveries.id, id))
    .limit(1);
  return row ?? null;
}
