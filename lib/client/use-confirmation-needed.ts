"use client";

import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteName } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";
import { useSettings } from "@/lib/client/settings-context";

/**
 * Whether calling `name` now would be answered 423 (decision record 090): its row's class puts it
 * behind the step-up (the route manifest says so) and the server's own window
 * (`confirmed-password-status`, `passwords.confirm-timeout`) has no recent confirmation. A dialog
 * asks for the password in its own form then, instead of a second dialog on top of it; while the
 * answer loads it asks nothing, and a 423 still opens the one step-up dialog.
 */
export function useConfirmationNeeded(name: RouteName, isAsking: boolean) {
  const api = useApi();
  const isStepUp = useSettings().routes[name]?.stepUp === true;
  const status = useQuery({
    queryKey: queryKeys.passwordConfirmation,
    queryFn: ({ signal }) =>
      api
        .call("confirmed-password-status", undefined, { signal })
        .then((answer) => answer.confirmed),
    enabled: isAsking && isStepUp,
    staleTime: 0,
  });
  return isStepUp && status.data === false;
}
