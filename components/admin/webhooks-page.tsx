"use client";

import { useState } from "react";
import { WebhookEndpointItem } from "@/components/admin/webhook-endpoint";
import { WebhookForm } from "@/components/admin/webhook-form";
import { WebhookSecretPanel } from "@/components/admin/webhook-secret-panel";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import type { WebhookEndpoint } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useWebhooks,
} from "@/lib/client/use-webhooks";

/** Webhooks for administrators (decision record 022): endpoints, a signing secret shown once, tests and delivery logs. */
export function WebhooksPage() {
  const t = useT();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  // A fresh, empty form after the secret was copied; a refused one keeps what was typed.
  const [formKey, setFormKey] = useState(0);
  const created = create.data;
  return (
    <>
      <PageHeader
        title={t("Webhooks")}
        description={t(
          "Activity events posted to your endpoints, signed as Standard Webhooks describes (webhook-id, webhook-timestamp, webhook-signature). A failed delivery is tried again later.",
        )}
      />
      <div className="space-y-6">
        <Card
          title={t("Add an endpoint")}
          description={t(
            "Endpoints on private or loopback addresses are refused unless the configuration allows them.",
          )}
        >
          {created && !create.isPending ? (
            <WebhookSecretPanel
              url={created.endpoint.url}
              secret={created.secret}
              onDone={() => {
                create.reset();
                setFormKey((key) => key + 1);
              }}
            />
          ) : (
            <WebhookForm
              key={formKey}
              events={webhooks.data?.events ?? []}
              create={create}
            />
          )}
        </Card>
        <Card
          title={t("Endpoints")}
          description={t(
            "Each one receives the events it listens to. The list refreshes every few seconds.",
          )}
        >
          <div className="space-y-4">
            <ErrorAlert error={webhooks.error ?? remove.error} />
            {webhooks.isPending ? (
              <LoadingRows label={t("Loading webhooks…")} rows={2} />
            ) : webhooks.data && webhooks.data.data.length > 0 ? (
              <ul className="-mx-5 divide-y divide-zinc-100 sm:-mx-6">
                {webhooks.data.data.map((endpoint) => (
                  <WebhookEndpointItem
                    key={endpoint.id}
                    endpoint={endpoint}
                    onDelete={setRemoving}
                    removing={removing?.id === endpoint.id}
                  />
                ))}
              </ul>
            ) : (
              !webhooks.isError && (
                <EmptyState title={t("No endpoints yet")}>
                  {t("Add one above to receive activity events.")}
                </EmptyState>
              )
            )}
          </div>
        </Card>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t("Remove this endpoint?")}
        confirmLabel={t("Remove endpoint")}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, { onSettled: () => setRemoving(null) })
        }
      >
        {removing &&
          t(
            "No more events will be posted to :url, and its delivery log is deleted.",
            { url: removing.url },
          )}
      </ConfirmDialog>
    </>
  );
}
