import "server-only";
import { and, count, desc, eq, gte, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import { activityLog, users } from "@/db/schema";
import { USER_TYPE } from "@/lib/audit/activity";

export type ActivityFilters = {
  /** Entries about this user or caused by them. */
  userId?: number | null;
  event?: string | null;
  /** Inclusive lower bound. */
  from?: Date | null;
  /** Exclusive upper bound. */
  until?: Date | null;
};

const subject = alias(users, "subject");
const causer = alias(users, "causer");

function activityWhere(filters: ActivityFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.userId) {
    conditions.push(
      or(
        and(
          eq(activityLog.subjectType, USER_TYPE),
          eq(activityLog.subjectId, filters.userId),
        ),
        and(
          eq(activityLog.causerType, USER_TYPE),
          eq(activityLog.causerId, filters.userId),
        ),
      ),
    );
  }
  if (filters.event) conditions.push(eq(activityLog.event, filters.event));
  if (filters.from) conditions.push(gte(activityLog.createdAt, filters.from));
  if (filters.until) conditions.push(lt(activityLog.createdAt, filters.until));
  return and(...conditions);
}

const person = (row: { id: number; name: string; email: string } | null) =>
  row ? { id: row.id, name: row.name, email: row.email } : null;

/** One page of the audit trail, newest first, with the subject and causer users (deleted ones too). */
export async function listActivity(
  db: Db,
  filters: ActivityFilters,
  page: { page: number; perPage: number },
) {
  const where = activityWhere(filters);
  const [rows, totals] = await Promise.all([
    db
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
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  const data = rows.map(({ entry, subject: about, causer: by }) => ({
    id: entry.id,
    event: entry.event,
    description: entry.description,
    subject: person(about),
    causer: person(by),
    properties: entry.properties ?? {},
    created_at: entry.createdAt?.toISOString() ?? null,
  }));
  return { data, total: totals[0]?.total ?? 0 };
}
