import type { ActivityFilters, AdminUserFilters } from "@/lib/client/api-types";

/** Every react-query key of the front end, so invalidation always names the same thing. */
export const queryKeys = {
  session: ["session"] as const,
  providers: ["providers"] as const,
  tokens: ["tokens"] as const,
  adminUsers: ["admin-users"] as const,
  adminUserPage: (filters: AdminUserFilters) => ["admin-users", filters] as const,
  activity: ["activity"] as const,
  activityPage: (filters: ActivityFilters) => ["activity", filters] as const,
  activityUsers: ["activity", "users"] as const,
  adminSettings: ["admin-settings"] as const,
  mailQueue: ["mail-queue"] as const,
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
} as const;
