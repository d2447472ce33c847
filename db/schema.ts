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
  boolean,
  char,
  customType,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { precision: 0, mode: "date" });

/**
 * A Passport client's key, always a string here: uuid in Passport 13's tables; bigint in Passport
 * 12's (a sequence); char(36) where Passport 13's upgrade guide kept 12's ids as text, which
 * PostgreSQL reads back padded with spaces (decision record 075).
 */
const clientKey = customType<{ data: string; driverData: string | number }>({
  dataType: () => "uuid",
  fromDriver: (value) => String(value).trimEnd(),
});

export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: varchar("name", { length: 255 }).notNull(),
    email: varchar("email", { length: 255 })
      .notNull()
      .unique("users_email_unique"),
    emailVerifiedAt: stamp("email_verified_at"),
    password: varchar("password", { length: 255 }).notNull(),
    rememberToken: varchar("remember_token", { length: 100 }),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
    deletedAt: stamp("deleted_at"),
    // Laravel Fortify's columns, encrypted in Laravel's format (decision record 023).
    twoFactorSecret: text("two_factor_secret"),
    twoFactorRecoveryCodes: text("two_factor_recovery_codes"),
    twoFactorConfirmedAt: stamp("two_factor_confirmed_at"),
    /** The last TOTP time step accepted (RFC 6238 counter): a step at or before it is a replay. */
    twoFactorLastStep: bigint("two_factor_last_step", { mode: "number" }),
    // Jetstream's column (decision record 087): the team the account works in; no constraint, as Jetstream has none.
    currentTeamId: bigint("current_team_id", { mode: "number" }),
    /** The offer to add a passkey was dismissed (decision record 107): never made again. */
    passkeyOfferDismissedAt: stamp("passkey_offer_dismissed_at"),
  },
  // Emails are unique case-insensitively; the index makes concurrent registrations safe.
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
  ],
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
    token: varchar("token", { length: 64 })
      .notNull()
      .unique("personal_access_tokens_token_unique"),
    abilities: text("abilities"),
    lastUsedAt: stamp("last_used_at"),
    expiresAt: stamp("expires_at"),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [
    index("personal_access_tokens_tokenable_type_tokenable_id_index").on(
      table.tokenableType,
      table.tokenableId,
    ),
  ],
);

/**
 * What this application adds to a personal access token (decision record 045), beside Sanctum's
 * table so a Laravel app on the same database keeps reading `personal_access_tokens` as it is.
 * A token without a row here has no limits, no address list and no sliding expiry.
 */
export const personalAccessTokenSettings = pgTable(
  "personal_access_token_settings",
  {
    tokenId: bigint("token_id", { mode: "number" })
      .primaryKey()
      .references(() => personalAccessTokens.id, { onDelete: "cascade" }),
    /** Seconds without use after which the token stops working (sliding expiry). */
    idleExpiresIn: integer("idle_expires_in"),
    /** Requests per minute. */
    rateLimit: integer("rate_limit"),
    quota: integer("quota"),
    quotaRefill: integer("quota_refill"),
    /** Seconds between two refills of `quota_refill` requests. */
    quotaInterval: integer("quota_interval"),
    quotaRemaining: integer("quota_remaining"),
    quotaRefilledAt: stamp("quota_refilled_at"),
    /** CIDR ranges the token may be used from; null: anywhere. */
    allowedIps: jsonb("allowed_ips").$type<string[]>(),
    /** The token this one replaced (roll-token), and the one that replaces it during the grace. */
    rolledFrom: bigint("rolled_from", { mode: "number" }),
    replacedBy: bigint("replaced_by", { mode: "number" }),
    lastUsedIp: varchar("last_used_ip", { length: 45 }),
    lastUsedUserAgent: text("last_used_user_agent"),
    /** When the owner was told the token expires within a week (once). */
    expiryNotifiedAt: stamp("expiry_notified_at"),
  },
);

/** Requests per token and hour, written in batches (decision record 045). */
export const personalAccessTokenUsage = pgTable(
  "personal_access_token_usage",
  {
    tokenId: bigint("token_id", { mode: "number" })
      .notNull()
      .references(() => personalAccessTokens.id, { onDelete: "cascade" }),
    hour: stamp("hour").notNull(),
    requests: integer("requests").notNull(),
  },
  (table) => [primaryKey({ columns: [table.tokenId, table.hour] })],
);

export type PersonalAccessTokenSettings =
  typeof personalAccessTokenSettings.$inferSelect;

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
  uuid: varchar("uuid", { length: 255 })
    .notNull()
    .unique("failed_jobs_uuid_unique"),
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
    uniqueIndex("pending_user_emails_user_type_user_id_unique").on(
      table.userType,
      table.userId,
    ),
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
    path: varchar("path", { length: 255 })
      .notNull()
      .unique("uploads_path_unique"),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", {
      precision: 3,
      mode: "date",
    }).notNull(),
  },
  (table) => [index("uploads_user_id_index").on(table.userId)],
);

/**
 * Accounts their owner deleted (soft-deleted in `users`): purged `retention.deleted-accounts-days`
 * after `users.deleted_at` unless an administrator restores them first (decision record 021).
 * Accounts an administrator deleted have no row here and are never purged.
 */
export const accountDeletions = pgTable("account_deletions", {
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  requestedAt: timestamp("requested_at", {
    precision: 3,
    mode: "date",
  }).notNull(),
});

/**
 * Where activity-log events are posted (decision record 022). `secret` is the Standard Webhooks
 * `whsec_…` secret sealed with AES-256-GCM, `uuid` its authenticated context; `events` lists
 * activity events, or `*`.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  uuid: varchar("uuid", { length: 36 })
    .notNull()
    .unique("webhook_endpoints_uuid_unique"),
  url: text("url").notNull(),
  description: varchar("description", { length: 255 }),
  events: jsonb("events").$type<string[]>().notNull(),
  secret: text("secret").notNull(),
  active: boolean("active").notNull().default(true),
  createdBy: bigint("created_by", { mode: "number" }),
  createdAt: timestamp("created_at", { precision: 3, mode: "date" }).notNull(),
  updatedAt: timestamp("updated_at", { precision: 3, mode: "date" }).notNull(),
});

/** One message to one endpoint: its exact body (kept for retries), and how its latest attempt went. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: bigint("endpoint_id", { mode: "number" })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: varchar("message_id", { length: 64 }).notNull(),
    event: varchar("event", { length: 255 }).notNull(),
    activityId: bigint("activity_id", { mode: "number" }),
    payload: text("payload").notNull(),
    status: varchar("status", { length: 16 }).notNull(),
    attempts: smallint("attempts").notNull(),
    responseStatus: integer("response_status"),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    lastAttemptAt: timestamp("last_attempt_at", { precision: 3, mode: "date" }),
    nextAttemptAt: timestamp("next_attempt_at", { precision: 3, mode: "date" }),
    createdAt: timestamp("created_at", {
      precision: 3,
      mode: "date",
    }).notNull(),
  },
  (table) => [
    index("webhook_deliveries_endpoint_id_index").on(
      table.endpointId,
      table.id,
    ),
    index("webhook_deliveries_activity_id_index").on(table.activityId),
  ],
);

/**
 * A sign-in waiting for its second factor (decision record 023): the browser's sealed cookie holds
 * a random token whose sha256 is `id`. Single use, deleted when the challenge is passed.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    remember: boolean("remember").notNull(),
    /** How the first factor was given: `password` or `social`. */
    method: varchar("method", { length: 32 }).notNull(),
    expiresAt: timestamp("expires_at", {
      precision: 3,
      mode: "date",
    }).notNull(),
  },
  (table) => [
    index("two_factor_challenges_user_id_index").on(table.userId),
    index("two_factor_challenges_expires_at_index").on(table.expiresAt),
  ],
);

/**
 * The credential as web-auth/webauthn-lib serializes a PublicKeyCredentialSource (what
 * laravel/passkeys-server keeps in `passkeys.credential`): binary fields base64url, unpadded.
 */
export type StoredCredential = {
  publicKeyCredentialId: string;
  type: string;
  transports: string[];
  attestationType: string;
  trustPath: unknown;
  aaguid: string;
  credentialPublicKey: string;
  userHandle: string;
  counter: number;
  otherUI?: unknown;
  backupEligible?: boolean;
  backupStatus?: boolean;
  uvInitialized?: boolean;
};

/**
 * Passkeys, in laravel/passkeys-server's table (decision record 025): the credential id
 * (base64url) unique, and the rest of the credential (public key, counter, transports, AAGUID,
 * backup flags, user handle) in `credential`, so a Laravel database moves over with its passkeys.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    credentialId: varchar("credential_id", { length: 255 })
      .notNull()
      .unique("passkeys_credential_id_unique"),
    credential: json("credential").$type<StoredCredential>().notNull(),
    lastUsedAt: stamp("last_used_at"),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [
    index("passkeys_user_id_index").on(table.userId),
    foreignKey({
      name: "passkeys_user_id_foreign",
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete("cascade"),
  ],
);

/**
 * The WebAuthn challenges handed out and not yet used (decision record 025): keyed by the
 * challenge's sha256, bound to the session that asked, deleted by the request that uses one.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    sessionKey: varchar("session_key", { length: 64 }).notNull(),
    purpose: varchar("purpose", { length: 16 }).notNull(),
    userId: bigint("user_id", { mode: "number" }),
    expiresAt: timestamp("expires_at", {
      precision: 3,
      mode: "date",
    }).notNull(),
  },
  (table) => [index("passkey_challenges_expires_at_index").on(table.expiresAt)],
);

/**
 * Laravel Passport 13's tables (decision record 050), column for column, so a Passport
 * database is served as it is. One addition: `oauth_clients.scopes`, the scopes an
 * administrator allows a client (null: any scope the user consents to; Passport has no list);
 * and from Passport 13's released migration, the `owner` morph of a team's client (record 110).
 */
export const oauthClients = pgTable(
  "oauth_clients",
  {
    // Passport 13's migration gives `id` no default (Laravel makes the UUID in PHP), Passport 12's
    // a sequence: every insert names its key, `newClientKey` (lib/oauth/client-keys.ts).
    id: clientKey("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: bigint("user_id", { mode: "number" }),
    // Passport 13's `nullableMorphs('owner')`: a client a team owns (decision record 110).
    ownerType: varchar("owner_type", { length: 255 }),
    ownerId: bigint("owner_id", { mode: "number" }),
    name: varchar("name", { length: 255 }).notNull(),
    secret: varchar("secret", { length: 255 }),
    provider: varchar("provider", { length: 255 }),
    redirectUris: text("redirect_uris").notNull(),
    grantTypes: text("grant_types").notNull(),
    scopes: text("scopes"),
    revoked: boolean("revoked").notNull(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [
    index("oauth_clients_user_id_index").on(table.userId),
    index("oauth_clients_owner_type_owner_id_index").on(
      table.ownerType,
      table.ownerId,
    ),
  ],
);

export const oauthAccessTokens = pgTable(
  "oauth_access_tokens",
  {
    id: char("id", { length: 80 }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }),
    clientId: clientKey("client_id").notNull(),
    name: varchar("name", { length: 255 }),
    scopes: text("scopes"),
    revoked: boolean("revoked").notNull(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
    expiresAt: stamp("expires_at"),
  },
  (table) => [index("oauth_access_tokens_user_id_index").on(table.userId)],
);

export const oauthRefreshTokens = pgTable(
  "oauth_refresh_tokens",
  {
    id: char("id", { length: 80 }).primaryKey(),
    accessTokenId: char("access_token_id", { length: 80 }).notNull(),
    revoked: boolean("revoked").notNull(),
    expiresAt: stamp("expires_at"),
  },
  (table) => [
    index("oauth_refresh_tokens_access_token_id_index").on(table.accessTokenId),
  ],
);

export const oauthAuthCodes = pgTable(
  "oauth_auth_codes",
  {
    id: char("id", { length: 80 }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    clientId: clientKey("client_id").notNull(),
    scopes: text("scopes"),
    revoked: boolean("revoked").notNull(),
    expiresAt: stamp("expires_at"),
  },
  (table) => [index("oauth_auth_codes_user_id_index").on(table.userId)],
);

export const oauthDeviceCodes = pgTable(
  "oauth_device_codes",
  {
    id: char("id", { length: 80 }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }),
    clientId: clientKey("client_id").notNull(),
    userCode: char("user_code", { length: 8 })
      .notNull()
      .unique("oauth_device_codes_user_code_unique"),
    scopes: text("scopes").notNull(),
    revoked: boolean("revoked").notNull(),
    userApprovedAt: stamp("user_approved_at"),
    lastPolledAt: stamp("last_polled_at"),
    expiresAt: stamp("expires_at"),
  },
  (table) => [
    index("oauth_device_codes_user_id_index").on(table.userId),
    index("oauth_device_codes_client_id_index").on(table.clientId),
  ],
);

/**
 * The RFC 8707 resources a device code was asked for (migration 0022): its device holds them in
 * the encrypted payload, which the user's approval never sees; the approval reads them here to
 * tell what each resource's server may do by token exchange (decision record 115).
 */
export const oauthDeviceCodeResources = pgTable("oauth_device_code_resources", {
  deviceCodeId: char("device_code_id", { length: 80 })
    .primaryKey()
    .references(() => oauthDeviceCodes.id, { onDelete: "cascade" }),
  resources: jsonb("resources").$type<string[]>().notNull(),
});

/**
 * What this product keeps about a client beside Passport's table (decision record 051), so a
 * Laravel app on the same database reads `oauth_clients` as it is: the secret a rotation replaced
 * and until when it still authenticates, when the client was last used (written at most once per
 * interval), when it registered itself (RFC 7591; unused ones are pruned), and where its
 * back-channel logout tokens go (decision record 103).
 */
export const oauthClientSettings = pgTable("oauth_client_settings", {
  clientId: clientKey("client_id")
    .primaryKey()
    .references(() => oauthClients.id, { onDelete: "cascade" }),
  previousSecret: varchar("previous_secret", { length: 255 }),
  previousSecretExpiresAt: stamp("previous_secret_expires_at"),
  lastUsedAt: stamp("last_used_at"),
  registeredAt: stamp("registered_at"),
  backchannelLogoutUri: text("backchannel_logout_uri"),
  backchannelLogoutSessionRequired: boolean(
    "backchannel_logout_session_required",
  ),
});

/**
 * The clients given a code for an ID token in a browser session (decision record 103), keyed by
 * the ID token's `sid`: when the session's row is deleted, a trigger (0017_backchannel_logout.sql)
 * takes its rows and queues a logout token for each client. No account is named: it is no way in.
 */
export const oauthSessionClients = pgTable(
  "oauth_session_clients",
  {
    sid: varchar("sid", { length: 64 }).notNull(),
    clientId: clientKey("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    createdAt: stamp("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.sid, table.clientId] })],
);

/**
 * What a user's approval of a client covered (decision record 050, amendment 2026-12-02): the
 * client's redirect URIs when the user last approved it on the consent screen. A previous approval
 * skips the consent only for these (lib/oauth/consents.ts); the row never lets anything in on its
 * own, as the skip also needs a live token (Passport's rule).
 */
export const oauthConsents = pgTable(
  "oauth_consents",
  {
    clientId: clientKey("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectUris: text("redirect_uris").notNull(),
    approvedAt: stamp("approved_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.userId] }),
    index("oauth_consents_user_id_index").on(table.userId),
  ],
);

/** A scope a registered resource defines (decision record 101). */
export type ResourceScope = { name: string; description: string };

/**
 * A protected resource on another origin that this server issues tokens for (decision record
 * 101), Auth0's "API" and Logto's "API resource"; Passport has no such table. `allowedClients`
 * holds client ids (null: any client); `accessTokenMinutes` null is `oauth.access-token-minutes`.
 */
export const oauthResources = pgTable("oauth_resources", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  identifier: varchar("identifier", { length: 2000 })
    .notNull()
    .unique("oauth_resources_identifier_unique"),
  name: varchar("name", { length: 255 }).notNull(),
  scopes: jsonb("scopes").$type<ResourceScope[]>().notNull(),
  allowedClients: jsonb("allowed_clients").$type<string[]>(),
  accessTokenMinutes: integer("access_token_minutes"),
  /** The client that is its server, which may exchange its tokens for this API's (decision record 115). */
  exchangeClientId: varchar("exchange_client_id", { length: 255 }),
  /** The scopes of this API that client may exchange for; null: none. */
  exchangeScopes: jsonb("exchange_scopes").$type<string[]>(),
  createdAt: stamp("created_at").notNull(),
  updatedAt: stamp("updated_at").notNull(),
});
export type OAuthResource = typeof oauthResources.$inferSelect;

/**
 * Laravel Jetstream's three team tables, column for column as its migrations make them (decision
 * record 087): `teams.user_id` is the owner, who has no `team_user` row; `team_user.role` is a key
 * of the configured roles; an invitation is its address and role, and lives `teams.invitation-days`.
 * Jetstream declares no constraint but the invitations' team, so neither does this schema.
 */
export const teams = pgTable(
  "teams",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    personalTeam: boolean("personal_team").notNull(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [index("teams_user_id_index").on(table.userId)],
);

export const teamUser = pgTable(
  "team_user",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    teamId: bigint("team_id", { mode: "number" }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    role: varchar("role", { length: 255 }),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [
    unique("team_user_team_id_user_id_unique").on(table.teamId, table.userId),
  ],
);

export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    teamId: bigint("team_id", { mode: "number" }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    role: varchar("role", { length: 255 }),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (table) => [
    unique("team_invitations_team_id_email_unique").on(
      table.teamId,
      table.email,
    ),
    foreignKey({
      name: "team_invitations_team_id_foreign",
      columns: [table.teamId],
      foreignColumns: [teams.id],
    }).onDelete("cascade"),
  ],
);

export type User = typeof users.$inferSelect;
export type Team = typeof teams.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type PersonalAccessToken = typeof personalAccessTokens.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type Job = typeof jobs.$inferSelect;
export type ActivityRow = typeof activityLog.$inferSelect;
export type PendingUserEmail = typeof pendingUserEmails.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;
export type OAuthClient = typeof oauthClients.$inferSelect;
export type OAuthAccessToken = typeof oauthAccessTokens.$inferSelect;
export type OAuthClientSettings = typeof oauthClientSettings.$inferSelect;

/**
 * Sign-in links and codes in flight (decision record 088): one row per mailed message, keyed by
 * the link's SHA-256; the six-digit code as an HMAC under the session secret (a plain hash of six
 * digits is a million guesses away); `browser_hash` the SHA-256 of the nonce the asking browser
 * keeps in its session cookie, so that browser alone signs in from the link without the code.
 * Deleted when used, and with the account's other credentials (lib/auth/credentials.ts).
 */
export const passwordlessLinks = pgTable(
  "passwordless_links",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    browserHash: varchar("browser_hash", { length: 64 }).notNull(),
    remember: boolean("remember").notNull(),
    createdAt: stamp("created_at").notNull(),
    expiresAt: stamp("expires_at").notNull(),
  },
  (table) => [
    index("passwordless_links_user_id_index").on(table.userId),
    index("passwordless_links_expires_at_index").on(table.expiresAt),
  ],
);
export type PasswordlessLink = typeof passwordlessLinks.$inferSelect;

/**
 * rappasoft/laravel-authentication-log's table, column for column as its migration makes it
 * (decision record 095): one row per sign-in, failed sign-in (of an existing account) and
 * sign-out, keyed by the morph type and id of the account. A Laravel database that has it keeps
 * its rows, and the package's later columns (`login_url`, `device_id`…) are left alone.
 */
export const authenticationLog = pgTable(
  "authentication_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    authenticatableType: varchar("authenticatable_type", {
      length: 255,
    }).notNull(),
    authenticatableId: bigint("authenticatable_id", {
      mode: "number",
    }).notNull(),
    ipAddress: varchar("ip_address", { length: 45 }),
    userAgent: text("user_agent"),
    loginAt: stamp("login_at"),
    loginSuccessful: boolean("login_successful").notNull().default(false),
    logoutAt: stamp("logout_at"),
    clearedByUser: boolean("cleared_by_user").notNull().default(false),
    location: json("location"),
  },
  (table) => [
    index(
      "authentication_log_authenticatable_type_authenticatable_id_index",
    ).on(table.authenticatableType, table.authenticatableId),
  ],
);
