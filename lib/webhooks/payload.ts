import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { activityLog, users } from "@/db/schema";
import { USER_TYPE } from "@/lib/audit/activity";

/** The event a "send test event" button posts (not an activity-log event). */
export const TEST_EVENT = "webhook-test";

/** `webhook-id`: unique per delivery, the same on each of its retries (the receiver's idempotency key). */
export const newMessageId = () => `msg_${randomUUID().replaceAll("-", "")}`;

const subject = alias(users, "subject");
const causer = alias(users, "causer");
const person = (row: { id: number; name: string; email: string } | null) =>
  row ? { id: row.id, name: row.name, email: row.email } : null;

/**
 * The body of an activity-log event as Standard Webhooks shapes it: `{type, timestamp, data}`,
 * `type` the activity's event name as the activity page shows it; null when the entry is gone.
 */
export async function activityEventBody(
  db: Db,
  activityId: number,
): Promise<{ event: string; at: Date | null; body: string } | null> {
  const [row] = await db
    .select({
      entry: activityLog,
      subject: { id: subject.id, name: subject.name, email: subject.email },
      causer: { id: causer.id, name: causer.name, email: causer.email },
    })
    .from(activityLog)
    .leftJoin(
      subject,
      and(
        eq(activityLog.subjectType, USER_TYPE),
        eq(subject.id, activityLog.subjectId),
      ),
    )
    .leftJoin(
      causer,
      and(
        eq(activityLog.causerType, USER_TYPE),
        eq(causer.id, activityLog.causerId),
      ),
    )
    .where(eq(activityLog.id, activityId))
    .limit(1);
  const event = row?.entry.event;
  if (!row || !event) return null;
  const { entry } = row;
  const createdAt = (entry.createdAt ?? new Date()).toISOString();
  const data = {
    id: entry.id,
    event,
    subject: person(row.subject),
    causer: person(row.causer),
    properties: entry.properties ?? {},
    created_at: createdAt,
  };
  return {
    event,
    at: entry.createdAt,
    body: JSON.stringify({ type: event, timestamp: createdAt, data }),
  };
}

/** The body of a test event. */
export function testEventBody(endpointId: number, now: Date): string {
  return JSON.stringify({
    type: TEST_EVENT,
    timestamp: now.toISOString(),
    data: {
      endpoint_id: endpointId,
      message: "A test event from the administration page.",
    },
  });
}
