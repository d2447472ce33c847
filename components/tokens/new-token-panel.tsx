"use client";

import { CopyButton } from "@/components/tokens/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";

/** The plain token, shown once (the server keeps only its hash). */
export function NewTokenPanel({
  token,
  onDone,
}: {
  token: string;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <div className="space-y-4 rounded-xl bg-emerald-50/60 p-5 ring-1 ring-emerald-200">
      <Alert tone="success" title={t("Your new token")}>
        {t("Copy it now: for your security it will not be shown again.")}
      </Alert>
      <div className="flex flex-wrap items-center gap-3">
        <code
          aria-label={t("New token")}
          className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2.5 font-mono text-sm break-all text-zinc-900 ring-1 ring-zinc-200 select-all"
        >
          {token}
        </code>
        <CopyButton text={token} label={t("Copy token")} />
      </div>
      <p className="text-sm text-zinc-600">
        {t("Send it as Authorization: Bearer <token> with each request.")}
      </p>
      <Button variant="secondary" size="sm" onClick={onDone}>
        {t("Done")}
      </Button>
    </div>
  );
}
