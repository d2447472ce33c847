"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteOutput } from "@/lib/client/contract";
import { useRouteQuery } from "@/lib/client/route-query";

// Not useRouteMutation: revoking an app is one call per token it holds. Its list is the route's
// read by name, grouped by app.

/** One live access token of the user, as GET /oauth/tokens (`passport.tokens.index`) lists it. */
export type AuthorizedToken = RouteOutput<"passport.tokens.index">[number];

/** An app the user authorized: its live tokens taken together (one per approval or refresh). */
export type AuthorizedApp = {
  client: { id: string; name: string };
  scopes: string[];
  /** The most recent approval or refresh. */
  lastAuthorizedAt: string | null;
  tokenIds: string[];
};

/** The tokens grouped by app, newest first, as the list the user reads them in. */
function groupByApp(tokens: AuthorizedToken[]): AuthorizedApp[] {
  const apps = new Map<string, AuthorizedApp>();
  for (const token of tokens) {
    const app = apps.get(token.client_id) ?? {
      client: token.client,
      scopes: [],
      lastAuthorizedAt: token.created_at,
      tokenIds: [],
    };
    app.tokenIds.push(token.id);
    app.scopes = [...new Set([...app.scopes, ...token.scopes])];
    apps.set(token.client_id, app);
  }
  return [...apps.values()];
}

/** The apps holding a live token of the signed-in user. */
export function useAuthorizedApps() {
  return useRouteQuery("passport.tokens.index", undefined, {
    select: groupByApp,
  });
}

/** Revokes every token of one app (DELETE /oauth/tokens/{id} each, with its refresh tokens). */
export function useRevokeAuthorizedApp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "The app no longer has access." },
    mutationFn: async (app: AuthorizedApp) => {
      for (const id of app.tokenIds)
        await api.call("passport.tokens.destroy", { id });
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: api.staleKey("passport.tokens.destroy"),
      }),
  });
}
