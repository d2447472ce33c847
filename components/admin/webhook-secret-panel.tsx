"use client";

import { CopyButton } from "@/components/tokens/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";

/** A new endpoint's signing secret, shown once (the server keeps it encrypted and never shows it again). */
export function WebhookSecretPanel({
  url,
  secret,
  onDone,
}: {
  url: string;
  secret: string;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <div className="space-y-4 rounded-xl bg-emerald-50/60 p-5 ring-1 ring-emerald-200">
      <Alert tone="success" title={t("Endpoint added")}>
        {t(
          "Copy its signing secret now: it will not be shown again. The receiver at :url verifies each message with it.",
          { url },
        )}
      </Alert>
      <div className="flex flex-wrap items-center gap-3">
        <code
          aria-label={t("Signing secret")}
          className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2.5 font-mono text-sm break-all text-zinc-900 ring-1 ring-zinc-200 select-all"
        >
          {secret}
        </code>
        <CopyButton text={secret} label={t("Copy secret")} />
      </div>
      <Button variant="secondary" size="sm" onClick={onDone}>
        {t("Done")}
      </Button>
    </div>
  );
}
