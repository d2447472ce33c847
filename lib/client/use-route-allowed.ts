"use client";

import type { RouteName } from "@/lib/client/contract";
import { useSettings } from "@/lib/client/settings-context";
import { useSession } from "@/lib/client/use-session";

/**
 * Whether the server would take a route from this viewer now, by the rules its row's credential
 * class declares (the route manifest carries them: decision record 090): while an administrator
 * acts as the account, a route refused then is not offered. Screens ask this, never a list of
 * their own.
 */
export function useRouteAllowed(): (name: RouteName) => boolean {
  const { routes } = useSettings();
  const isImpersonating = useSession().data?.impersonating === true;
  return (name) =>
    !(isImpersonating && routes[name]?.refusedWhileImpersonating === true);
}
