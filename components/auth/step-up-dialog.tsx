"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useSyncExternalStore } from "react";
import {
  type StepUpMethod,
  STEP_UP_METHODS,
} from "@/components/auth/step-up-methods";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useApi, useStepUpController } from "@/lib/client/api-context";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import type { Session } from "@/lib/client/contract";
import { useRouteMutation } from "@/lib/client/route-query";
import { useSignInMethods } from "@/lib/client/use-passkey-first";
import { sessionKey } from "@/lib/client/use-session";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";

/**
 * The one step-up dialog (decision record 009): a call answered 423 opens it, the password (or
 * another method of `methods`) confirms it is you, and the call goes again. Cancelling lets the
 * call fail with the server's message. What it offers is the server's answer of
 * `GET user/sign-in-methods`: an account without a password gets no password field, and one with
 * neither a password nor a passkey is sent to the Security screen's card, which mails the link that
 * sets one (decision record 111).
 */
export function StepUpDialog({
  methods = STEP_UP_METHODS,
}: {
  methods?: StepUpMethod[];
}) {
  const t = useT();
  const locale = useLocale();
  const controller = useStepUpController();
  const open = useSyncExternalStore(
    controller.subscribe,
    controller.isOpen,
    () => false,
  );
  // POST confirm-password (201; 422 on `password`).
  const confirm = useRouteMutation("confirm-password");
  const ways = useSignInMethods(open);
  const hasPassword = ways.data?.password === true;
  const hasNoWay =
    ways.data !== undefined && !hasPassword && !ways.data.passkey;
  // For password managers; read from the cache, so that the dialog never loads the session itself.
  const session = sessionKey(useApi());
  const email =
    useQueryClient().getQueryData<Session>(session)?.user?.email ?? "";
  const password = useRef<HTMLInputElement>(null);
  const errors = formErrors(confirm.error, ["password"], locale);

  useEffect(() => {
    if (confirm.error) password.current?.focus();
  }, [confirm.error]);

  // The field is drawn once the server's answer is in, which may be after the dialog opened.
  useEffect(() => {
    if (open && hasPassword) password.current?.focus();
  }, [open, hasPassword]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending || !hasPassword) return;
    confirm.mutate(
      { password: password.current?.value ?? "" },
      {
        onSuccess: () => controller.settle(true),
      },
    );
  }

  return (
    <Dialog
      open={open}
      title={
        ways.data && !hasPassword
          ? t("Confirm it is you")
          : t("Confirm your password")
      }
      description={t(
        "This is a sensitive action. Confirm it is you to continue; you will not be asked again for a while.",
      )}
      busy={confirm.isPending}
      onClose={() => controller.settle(false)}
      onOpen={() => {
        confirm.reset();
        password.current?.focus();
      }}
      onSubmit={submit}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => controller.settle(false)}
            disabled={confirm.isPending}
          >
            {t("Cancel")}
          </Button>
          {hasPassword && (
            <Button type="submit" loading={confirm.isPending}>
              {t("Confirm")}
            </Button>
          )}
        </>
      }
    >
      <ErrorAlert error={errors.general ?? ways.error} />
      {ways.isPending && (
        <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          {t("Loading…")}
        </p>
      )}
      {hasPassword && (
        <>
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          <TextField
            ref={password}
            label={t("Password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.fields.password}
          />
        </>
      )}
      {hasNoWay && (
        <Alert
          tone="info"
          title={t("Your account has no password or passkey yet")}
        >
          {t(
            "To confirm it is you, set a password first: “Set a password” on the Security screen emails you the link that sets it.",
          )}
        </Alert>
      )}
      {ways.data?.passkey &&
        methods.map((Method, index) => (
          <Method
            key={index}
            alone={!hasPassword}
            busy={confirm.isPending}
            onConfirmed={() => controller.settle(true)}
          />
        ))}
    </Dialog>
  );
}
