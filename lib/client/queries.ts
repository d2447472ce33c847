import type { AdminUserFilters } from "@/lib/client/contract";

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

/**
 * The react-query keys made by hand, for the hooks that do more than read or change one route
 * (the session, pages that keep their filters, optimistic updates). A hook that only reads or
 * changes a route takes its key from the route's row instead (lib/client/route-query.ts).
 */
export const queryKeys = {
  session: ["session"] as const,
  tokens: ["tokens"] as const,
  passwordConfirmation: ["password-confirmation"] as const,
  passkeys: ["passkeys"] as const,
  signInMethods: ["sign-in-methods"] as const,
  adminUsers: ["admin-users"] as const,
  adminUserPage: (filters: AdminUserFilters) =>
    ["admin-users", filters] as const,
  activityUsers: ["activity", "users"] as const,
  userTokens: (userId: number) => ["admin-users", userId, "tokens"] as const,
  team: (teamId: number) => ["teams", teamId] as const,
};
