import type { ActivityFilters, AdminUserFilters } from "@/lib/client/contract";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * The confirmation of a completed action, an English message key: declared once on its
       * mutation and shown by the one toaster when it succeeds (components/app-providers.tsx),
       * so no screen keeps a success state of its own.
       */
      toast?: string;
    };
  }
}

/** Every react-query key of the front end, so invalidation always names the same thing. */
export const queryKeys = {
  session: ["session"] as const,
  providers: ["providers"] as const,
  tokens: ["tokens"] as const,
  passwordConfirmation: ["password-confirmation"] as const,
  passkeys: ["passkeys"] as const,
  signInMethods: ["sign-in-methods"] as const,
  adminUsers: ["admin-users"] as const,
  adminUserPage: (filters: AdminUserFilters) =>
    ["admin-users", filters] as const,
  activity: ["activity"] as const,
  activityPage: (filters: ActivityFilters) => ["activity", filters] as const,
  activityUsers: ["activity", "users"] as const,
  adminSettings: ["admin-settings"] as const,
  mailQueue: ["mail-queue"] as const,
  health: ["admin-health"] as const,
  webhooks: ["webhooks"] as const,
  webhookDeliveries: (id: number) => ["webhooks", id, "deliveries"] as const,
  browserSessions: ["browser-sessions"] as const,
  signInHistory: (page: number) => ["sign-in-history", page] as const,
  userSessions: (userId: number) =>
    ["admin-users", userId, "sessions"] as const,
  userTokens: (userId: number) => ["admin-users", userId, "tokens"] as const,
};
