/**
 * Tables, named and shaped as Laravel's defaults (users, password_reset_tokens,
 * personal_access_tokens, sessions, jobs, failed_jobs) and spatie's activity_log,
 * so an existing Laravel database can be used as it is. SQL names are snake_case,
 * TypeScript fields camelCase. Timestamps are UTC without time zone, as Laravel writes them.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { precision: 0, mode: "date" });

export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: varchar("name", { length: 255 }).notNull(),
    email: varchar("email", { length: 255 }).notNull().unique("users_email_unique"),
    emailVerifiedAt: stamp("email_verified_at"),
    password: varchar("password", { length: 255 }).notNull(),
    rememberToken: varchar("remember_token", { length: 100 }),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
    deletedAt: stamp("deleted_at"),
  },
  // Emails are unique case-insensitively; the index makes concurrent registrations safe.
  (table) => [uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`)],
);

export const passwordResetTokens = pgTable("password_reset_tokens", {
  email: varchar("email", { length: 255 }).primaryKey(),
  token: varchar("token", { length: 255 }).notNull(),
  createdAt: stamp("created_at"),
});

export const personalAccessTokens = pgTable(
  "personal_access_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenableType: varchar("tokenable_type", { length: 255 }).notNull(),
    tokenableId: bigint("tokenable_id", { mode: "number" }).notNull(),
    name: text("name").notNull(),
    token: varchar("token", { length: 64 }).notNull().unique("personal_access_tokens_token_unique"),
    abilities: text("abilities"),
    lastUsedAt: stamp("last_used_at"),
    expiresAt: stamp("expires_at"),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [index("personal_access_tokens_tokenable_type_tokenable_id_index").on(table.tokenableType, table.tokenableId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: varchar("id", { length: 255 }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }),
    ipAddress: varchar("ip_address", { length: 45 }),
    userAgent: text("user_agent"),
    payload: text("payload").notNull(),
    lastActivity: integer("last_activity").notNull(),
    /** Who started the impersonation this session is (null otherwise): joined on every request (decision record 008). */
    impersonatorId: bigint("impersonator_id", { mode: "number" }),
  },
  (table) => [
    index("sessions_user_id_index").on(table.userId),
    index("sessions_last_activity_index").on(table.lastActivity),
    index("sessions_impersonator_id_index").on(table.impersonatorId),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    queue: varchar("queue", { length: 255 }).notNull(),
    payload: text("payload").notNull(),
    attempts: smallint("attempts").notNull(),
    reservedAt: integer("reserved_at"),
    availableAt: integer("available_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("jobs_queue_index").on(table.queue)],
);

export const failedJobs = pgTable("failed_jobs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  uuid: varchar("uuid", { length: 255 }).notNull().unique("failed_jobs_uuid_unique"),
  connection: text("connection").notNull(),
  queue: text("queue").notNull(),
  payload: text("payload").notNull(),
  exception: text("exception").notNull(),
  failedAt: stamp("failed_at").notNull().defaultNow(),
});

/** Counters of the rate limiter and the login lockout, shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { precision: 3, mode: "date" }).notNull(),
});

/** The audit trail, in the shape of spatie/laravel-activitylog's table. */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    logName: varchar("log_name", { length: 255 }),
    description: text("description").notNull(),
    subjectType: varchar("subject_type", { length: 255 }),
    subjectId: bigint("subject_id", { mode: "number" }),
    event: varchar("event", { length: 255 }),
    causerType: varchar("causer_type", { length: 255 }),
    causerId: bigint("causer_id", { mode: "number" }),
    properties: jsonb("properties").$type<Record<string, unknown>>(),
    batchUuid: varchar("batch_uuid", { length: 36 }),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [
    index("activity_log_log_name_index").on(table.logName),
    index("subject").on(table.subjectType, table.subjectId),
    index("causer").on(table.causerType, table.causerId),
  ],
);

/**
 * An address a user asked to change to, in force only once confirmed from its mailbox. Shaped as
 * protonemedia/laravel-verify-new-email's table; one row per user (decision record 012). `token`
 * holds the sha256 of the link's secret.
 */
export const pendingUserEmails = pgTable(
  "pending_user_emails",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userType: varchar("user_type", { length: 255 }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    token: varchar("token", { length: 255 }).notNull(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [
    uniqueIndex("pending_user_emails_user_type_user_id_unique").on(table.userType, table.userId),
    index("pending_user_emails_email_index").on(table.email),
  ],
);

/** Settings changed at run time by administrators, layered over the start-up configuration. */
export const settings = pgTable("settings", {
  key: varchar("key", { length: 255 }).primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: bigint("updated_by", { mode: "number" }),
  updatedAt: timestamp("updated_at", { precision: 3, mode: "date" }).notNull(),
});

/** Who uploaded which file (`path` as `payload.avatar` holds it): per-user quota, and cleanup. */
export const uploads = pgTable(
  "uploads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    path: varchar("path", { length: 255 }).notNull().unique("uploads_path_unique"),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { precision: 3, mode: "date" }).notNull(),
  },
  (table) => [index("uploads_user_id_index").on(table.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type PersonalAccessToken = typeof personalAccessTokens.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type ActivityRow = typeof activityLog.$inferSelect;
export type PendingUserEmail = typeof pendingUserEmails.$inferSelect;
