"use client";

import { type ChangeEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/client/api";
import { avatarOf } from "@/lib/client/avatar";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useSettings } from "@/lib/client/settings-context";
import { useRouteMutation } from "@/lib/client/route-query";
import { useUploadAvatar } from "@/lib/client/use-profile";

/** contract §8: images only; size and type limits belong to the upload component. */
export function AvatarUpload({ user }: { user: User }) {
  const t = useT();
  const errorMessage = useErrorMessage();
  const { uploadMaxKilobytes } = useSettings();
  const upload = useUploadAvatar(user.id);
  // contract §4 "Remove photo": an empty avatar deletes it; the session's user is read again.
  const remove = useRouteMutation("api.app.user.update", {
    toast: "Your photo has been removed.",
    stale: ["get-auth"],
  });
  const [localError, setLocalError] = useState<string | null>(null);
  const avatar = avatarOf(user);
  const isBusy = upload.isPending || remove.isPending;
  const failure = upload.error ?? remove.error;
  const fileError =
    failure instanceof ApiError && failure.status === 422
      ? (failure.errors.file?.[0] ?? failure.message)
      : null;
  const message =
    localError ?? fileError ?? (failure ? errorMessage(failure) : null);
  const maxMegabytes = Math.round((uploadMaxKilobytes / 1024) * 10) / 10;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again still triggers a change
    if (!file || isBusy) return;
    remove.reset();
    if (!file.type.startsWith("image/"))
      return setLocalError(t("Choose an image file (PNG, JPG, GIF or WebP)."));
    if (file.size > uploadMaxKilobytes * 1024)
      return setLocalError(
        t("The photo must not be larger than :size MB.", {
          size: maxMegabytes,
        }),
      );
    setLocalError(null);
    upload.mutate(file);
  }

  return (
    <Card
      title={t("Photo")}
      description={t(
        "Shown next to your name. PNG, JPG, GIF or WebP, up to :size MB.",
        { size: maxMegabytes },
      )}
    >
      <div className="flex flex-wrap items-center gap-5">
        <Avatar name={user.name} src={avatar} size="lg" />
        <div className="flex flex-wrap items-center gap-3">
          <label
            className={`inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-zinc-800 shadow-sm ring-1 ring-zinc-300 ring-inset focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 ${isBusy ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-zinc-50"}`}
          >
            {upload.isPending ? (
              <Spinner />
            ) : (
              <Icon name="upload" className="size-4.5" />
            )}
            {avatar ? t("Change photo") : t("Upload a photo")}
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              disabled={isBusy}
              aria-describedby={message ? "avatar-error" : undefined}
              onChange={choose}
            />
          </label>
          {avatar && (
            <Button
              variant="ghost"
              loading={remove.isPending}
              disabled={upload.isPending}
              onClick={() => {
                setLocalError(null);
                upload.reset();
                remove.mutate({ user_id: user.id, avatar: "" });
              }}
            >
              {t("Remove photo")}
            </Button>
          )}
        </div>
      </div>
      {message && (
        <div className="mt-4" id="avatar-error">
          <Alert tone="error">{message}</Alert>
        </div>
      )}
    </Card>
  );
}
