"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput, Session, User } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";

const UPDATE_USER = "api.app.user.update";

type UpdateInput = RouteInput<typeof UPDATE_USER>;

/** Keeps the cached session's user in step with what the host API answered. */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData<Session>(queryKeys.session, (session) =>
      session ? { ...session, user } : session,
    );
    return queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
}

/** PUT api.app.user.update with name and email (contract §4 "Update account"). */
export function useUpdateProfile() {
  const api = useApi();
  const setUser = useSetSessionUser();
  return useMutation({
    meta: { toast: "Your profile has been saved." },
    mutationFn: (input: UpdateInput) => api.call(UPDATE_USER, input),
    onSuccess: (result) => setUser(result.user),
  });
}

/** contract §4 "Set photo": multipart upload, then the returned URI saved as `avatar`. */
export function useUploadAvatar(userId: number) {
  const api = useApi();
  const setUser = useSetSessionUser();
  return useMutation({
    meta: { toast: "Your photo has been updated." },
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      form.append("visibility", "public");
      const upload = await api.upload("lu.upload.file", form);
      return api.call(UPDATE_USER, {
        user_id: userId,
        avatar: upload.uri,
      });
    },
    onSuccess: (result) => setUser(result.user),
  });
}

/** contract §4 "Remove photo": an empty avatar deletes it. */
export function useRemoveAvatar(userId: number) {
  const api = useApi();
  const setUser = useSetSessionUser();
  return useMutation({
    meta: { toast: "Your photo has been removed." },
    mutationFn: () =>
      api.call(UPDATE_USER, {
        user_id: userId,
        avatar: "",
      }),
    onSuccess: (result) => setUser(result.user),
  });
}
