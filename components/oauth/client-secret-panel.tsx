"use client";

import { CopyButton } from "@/components/tokens/copy-button";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";
import type { ClientWithSecret } from "@/lib/client/contract";

function CopyableValue({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  return (
    <div>
      <p className="text-sm font-medium text-zinc-800">{label}</p>
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <code
          aria-label={label}
          className="w-full min-w-0 rounded-lg bg-white px-3 py-2.5 font-mono sm:w-auto sm:flex-1 text-sm break-all text-zinc-900 ring-1 ring-zinc-200 select-all"
        >
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  );
}

/** A client's id, and its secret shown this once (the server keeps only its hash). */
export function ClientSecretPanel({
  client,
  title,
  onDone,
}: {
  client: ClientWithSecret;
  title: string;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <div className="space-y-4 rounded-xl bg-emerald-50/60 p-5 ring-1 ring-emerald-200">
      <Alert tone="success" title={title}>
        {client.plainSecret
          ? t(
              "Copy the secret now: it will not be shown again. Give it to :name with its client ID.",
              { name: client.name },
            )
          : t(
              "A public client has no secret: :name uses its client ID and PKCE.",
              {
                name: client.name,
              },
            )}
      </Alert>
      <CopyableValue
        label={t("Client ID")}
        value={client.id}
        copyLabel={t("Copy client ID")}
      />
      {client.plainSecret && (
        <CopyableValue
          label={t("Client secret")}
          value={client.plainSecret}
          copyLabel={t("Copy secret")}
        />
      )}
      <Button variant="secondary" size="sm" onClick={onDone}>
        {t("Done")}
      </Button>
    </div>
  );
}
