"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { OAuthScope } from "@/lib/client/use-oauth-consent";

/** GET /oauth/device/authorize's JSON form: the device asking, for a code the user typed. */
export type DeviceRequest = {
  auth_token: string;
  user_code: string;
  client_id: string;
  client: { id: string; name: string };
  scopes: OAuthScope[];
};

const DEVICE_AUTHORIZE_PATH = "/oauth/device/authorize";

/** The device that shows `userCode` (404 for a code unknown, used or expired); nothing until one is typed. */
export function useDeviceRequest(userCode: string) {
  const api = useApi();
  return useQuery({
    queryKey: ["oauth-device", userCode],
    queryFn: () =>
      api.request<DeviceRequest>(DEVICE_AUTHORIZE_PATH, {
        query: { user_code: userCode },
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
      api.request<{ approved: boolean }>(DEVICE_AUTHORIZE_PATH, {
        method: approve ? "POST" : "DELETE",
        json: { auth_token: request.auth_token },
      }),
  });
}
