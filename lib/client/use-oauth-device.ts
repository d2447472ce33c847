"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteOutput } from "@/lib/client/contract";

// Not useRouteMutation: the answer goes to one of two routes, approve or deny. The device's
// request is read by name at the device screen (decision record 109).

/** GET /oauth/device/authorize's JSON form: the device asking, for a code the user typed. */
export type DeviceRequest =
  RouteOutput<"passport.device.authorizations.authorize.get">;

/** Approves (POST) or denies (DELETE) the device; its next poll gets tokens or `access_denied`. */
export function useAnswerDevice() {
  const api = useApi();
  return useMutation({
    mutationFn: ({
      request,
      approve,
    }: {
      request: DeviceRequest;
      approve: boolean;
    }) =>
      api.call(
        approve
          ? "passport.device.authorizations.authorize.post"
          : "passport.device.authorizations.authorize.delete",
        { auth_token: request.auth_token },
      ),
  });
}
