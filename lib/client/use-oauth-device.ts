"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteOutput } from "@/lib/client/contract";

/** GET /oauth/device/authorize's JSON form: the device asking, for a code the user typed. */
export type DeviceRequest =
  RouteOutput<"passport.device.authorizations.authorize.get">;

/** The device that shows `userCode` (404 for a code unknown, used or expired); nothing until one is typed. */
export function useDeviceRequest(userCode: string) {
  const api = useApi();
  return useQuery({
    queryKey: ["oauth-device", userCode],
    queryFn: () =>
      api.call("passport.device.authorizations.authorize.get", {
        user_code: userCode,
      }),
    enabled: userCode !== "",
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

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
