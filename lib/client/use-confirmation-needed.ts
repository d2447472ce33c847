"use client";

import type { RouteName } from "@/lib/client/contract";
import { useRouteQuery } from "@/lib/client/route-query";
import { useSettings } from "@/lib/client/settings-context";

// The step-up's status is read by name; what is added is whether the row puts `name` behind it.

/**
 * Whether calling `name` now would be answered 423 (decision record 090): its row's class puts it
 * behind the step-up (the route manifest says so) and the server's own window
 * (`confirmed-password-status`, `passwords.confirm-timeout`) has no recent confirmation. A dialog
 * asks for the password in its own form then, instead of a second dialog on top of it; while the
 * answer loads it asks nothing, and a 423 still opens the one step-up dialog.
 */
export function useConfirmationNeeded(name: RouteName, isAsking: boolean) {
  const isStepUp = useSettings().routes[name]?.stepUp === true;
  // A confirmation (confirm-password) makes it stale: it lies under the same path.
  const status = useRouteQuery("confirmed-password-status", undefined, {
    enabled: isAsking && isStepUp,
    staleTime: 0,
    select: (answer) => answer.confirmed,
  });
  return isStepUp && status.data === false;
}
