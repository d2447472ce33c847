"use client";

import { type FormEvent, useEffect, useRef } from "react";
import { CopyButton } from "@/components/tokens/copy-button";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { OneTimeCodeField } from "@/components/ui/one-time-code-field";
import type { TwoFactorSetup as Setup } from "@/lib/client/contract";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import { useConfirmTwoFactor } from "@/lib/client/use-two-factor";

/**
 * The server's SVG as an image: drawn by the browser's image decoder, where no script or link in
 * it can run, rather than inserted into the page.
 */
function svgDataUri(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

type Props = {
  setup: Setup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
  cancelling: boolean;
};

/** Scan (or type the key), then prove it worked with a code: only then is the second factor in force. */
export function TwoFactorSetup({
  setup,
  onConfirmed,
  onCancel,
  cancelling,
}: Props) {
  const t = useT();
  const locale = useLocale();
  const confirm = useConfirmTwoFactor();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const errors = formErrors(confirm.error, ["code"], locale);
  // A wrong code comes back selected: the next one is typed over it.
  useFocusFirstError(form, confirm.error, { select: true });
  useEffect(() => heading.current?.focus(), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    const code = String(
      new FormData(event.currentTarget).get("code") ?? "",
    ).replace(/\s+/g, "");
    confirm.mutate(code, { onSuccess: onConfirmed });
  }

  return (
    <div className="space-y-5">
      <h3
        ref={heading}
        tabIndex={-1}
        className="text-sm font-semibold text-zinc-900 focus:outline-none"
      >
        {t("Finish setting up two-factor authentication")}
      </h3>
      <ol className="list-decimal space-y-5 pl-5 text-sm text-zinc-700 marker:font-semibold marker:text-zinc-500">
        <li className="space-y-3">
          <p>
            {t(
              "Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Microsoft Authenticator).",
            )}
          </p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URI: nothing for next/image to optimise */}
          <img
            src={svgDataUri(setup.svg)}
            alt={t("QR code for your authenticator app")}
            width={192}
            height={192}
            className="size-48 rounded-lg bg-white p-2 ring-1 ring-zinc-200"
          />
          <p>{t("Or enter this setup key in the app:")}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="two-factor-secret"
              aria-label={t("Setup key")}
              className="min-w-0 rounded-lg bg-zinc-50 px-3 py-2 font-mono text-sm break-all text-zinc-900 ring-1 ring-zinc-200 select-all"
            >
              {setup.secretKey}
            </code>
            <CopyButton text={setup.secretKey} label={t("Copy key")} />
          </div>
        </li>
        <li>
          <form ref={form} onSubmit={submit} className="space-y-4">
            <p>{t("Enter the 6-digit code the app shows.")}</p>
            <ErrorAlert error={errors.general} />
            <OneTimeCodeField
              label={t("Authentication code")}
              name="code"
              required
              className="sm:max-w-xs"
              error={errors.fields.code}
            />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                loading={confirm.isPending}
                disabled={cancelling}
              >
                {t("Confirm and turn on")}
              </Button>
              <Button
                variant="secondary"
                onClick={onCancel}
                loading={cancelling}
                disabled={confirm.isPending}
              >
                {t("Cancel")}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
