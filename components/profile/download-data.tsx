"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";
import { useDownloadMyData } from "@/lib/client/use-data-rights";

/** "Download my data": everything the service holds about the account, as a JSON file (decision record 021). */
export function DownloadData() {
  const t = useT();
  const download = useDownloadMyData();
  return (
    <Card
      title={t("Download your data")}
      description={t(
        "A JSON file with your account, sessions, API tokens, uploads and the activity about you. Secrets such as passwords and tokens are never included.",
      )}
      footer={
        <Button
          variant="secondary"
          icon={<Icon name="download" className="size-4" />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {t("Download my data")}
        </Button>
      }
    >
      <div aria-live="polite">
        <ErrorAlert error={download.error} />
        {!download.error && (
          <p className="text-sm text-zinc-600">
            {t(
              "The file is prepared when you ask for it and is not kept on the server.",
            )}
          </p>
        )}
      </div>
    </Card>
  );
}
