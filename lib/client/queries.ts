import type { ActivityFilters, AdminUserFilters } from "@/lib/client/api-types";

/** Every react-query key of the front end, so invalidation always names the same thing. */
export const queryKeys = {
  session: ["session"] as const,
  providers: ["providers"] as const,
  tokens: ["tokens"] as const,
  passkeys: ["passkeys"] as const,
  adminUsers: ["admin-users"] as const,
  adminUserPage: (filters: AdminUserFilters) =>
    ["admin-users", filters] as const,
  activity: ["activity"] as const,
  activityPage: (filters: ActivityFilters) => ["activity", filters] as const,
  activityUsers: ["activity", "users"] as const,
  adminSettings: ["admin-settings"] as const,
  mailQueue: ["mail-queue"] as const,
  webhooks: ["webhooks"] as const,
  webhookDeliveries: (id: number) => ["webhooks", id, "deliveries"] as const,
  browserSessions: ["browser-sessions"] as const,
  userSessions: (userId: number) =>
    ["admin-users", userId, "sessions"] as const,
  userTokens: (userId: number) => ["admin-users", userId, "tokens"] as const,
};

/** Host API paths (fixed; the auth routes come from the route manifest instead). */
export const HOST_PATHS = {
  adminUsers: "/api/admin/users",
  adminUser: (id: number) => `/api/admin/users/${id}`,
  restoreUser: (id: number) => `/api/admin/users/${id}/restore`,
  exportUsers: "/api/admin/users/export",
  activity: "/api/admin/activity",
  providers: "/api/auth/providers",
  settings: "/api/admin/settings",
  setting: (key: string) => `/api/admin/settings/${encodeURIComponent(key)}`,
  mail: "/api/admin/mail",
  retryMail: (id: number) => `/api/admin/mail/failed/${id}/retry`,
  webhooks: "/api/admin/webhooks",
  webhook: (id: number) => `/api/admin/webhooks/${id}`,
  testWebhook: (id: number) => `/api/admin/webhooks/${id}/test`,
  webhookDeliveries: (id: number) => `/api/admin/webhooks/${id}/deliveries`,
  myData: "/api/app/user/export",
  myAccount: "/api/app/user",
  userSessions: (id: number) => `/api/admin/users/${id}/sessions`,
  userTokens: (id: number) => `/api/admin/users/${id}/tokens`,
  userSession: (id: number, sessionId: string) =>
    `/api/admin/users/${id}/sessions/${encodeURIComponent(sessionId)}`,
  userTwoFactor: (id: number) => `/api/admin/users/${id}/two-factor`,
} as const;
