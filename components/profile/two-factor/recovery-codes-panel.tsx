"use client";

import { useEffect, useRef } from "react";
import { CopyButton } from "@/components/tokens/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";

/** Saves the codes as a text file, named after the site so it can be found again. */
function download(codes: string[]): void {
  const url = URL.createObjectURL(
    new Blob([`${codes.join("\n")}\n`], { type: "text/plain" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = `${window.location.hostname}-recovery-codes.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The recovery codes, shown after enrolment or on request (behind the step-up), to copy or save. */
export function RecoveryCodesPanel({
  codes,
  fresh,
  onDone,
}: {
  codes: string[];
  fresh: boolean;
  onDone: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // The panel replaces the button that asked for it: the keyboard continues here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h3
        ref={heading}
        tabIndex={-1}
        className="text-sm font-semibold text-zinc-900 focus:outline-none"
      >
        {t("Recovery codes")}
      </h3>
      <Alert
        tone={fresh ? "success" : "info"}
        title={fresh ? t("Save your recovery codes") : undefined}
      >
        {t(
          "Keep them somewhere safe, like a password manager. Each code signs you in once if you lose your phone.",
        )}
      </Alert>
      <ul
        aria-label={t("Recovery codes")}
        className="grid gap-2 rounded-lg bg-zinc-50 p-4 font-mono text-sm text-zinc-900 ring-1 ring-zinc-200 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={codes.join("\n")} label={t("Copy codes")} />
        <Button
          variant="secondary"
          size="sm"
          icon={<Icon name="download" className="size-4" />}
          onClick={() => download(codes)}
        >
          {t("Download")}
        </Button>
        <Button size="sm" className="ml-auto" onClick={onDone}>
          {t("Done")}
        </Button>
      </div>
    </div>
  );
}
