"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { sessionKey } from "@/lib/client/use-session";

// Not useRouteMutation: a new photo is two calls, the upload and then the account's update. The
// name, the address and removing the photo are changes by name at their screens (record 109).

/** contract §4 "Set photo": multipart upload, then the returned URI saved as `avatar`. */
export function useUploadAvatar(userId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Your photo has been updated." },
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      form.append("visibility", "public");
      const upload = await api.upload("lu.upload.file", form);
      return api.call("api.app.user.update", {
        user_id: userId,
        avatar: upload.uri,
      });
    },
    // The session's user carries the photo.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: sessionKey(api) }),
  });
}
