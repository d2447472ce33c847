"use client";

import type { FormEvent } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import type { RouteInput } from "@/lib/client/contract";
import { useNotMe } from "@/lib/client/use-not-me";

/**
 * The page the new-device mail's "this was not me" opens (decision record 095): nothing happens
 * until the button is pressed (a mail scanner that fetches the link signs no device out); then
 * that device is signed out and the password reset opens.
 */
export function NotMeConfirm({
  link,
}: {
  link: RouteInput<"api.app.authentication-log.not-me">;
}) {
  const t = useT();
  const notMe = useNotMe();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (notMe.isPending || notMe.isSuccess) return;
    notMe.mutate(link);
  }

  return (
    <AuthCard
      title={t("Was this not you?")}
      description={t(
        "Press the button to sign that device out of your account. You will then choose a new password.",
      )}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <ErrorAlert error={notMe.error} />
        <Button
          type="submit"
          className="w-full"
          loading={notMe.isPending || notMe.isSuccess}
        >
          {t("Sign that device out")}
        </Button>
      </form>
    </AuthCard>
  );
}
