"use client";

import { useState } from "react";
import { ClientForm } from "@/components/oauth/client-form";
import { ClientItem } from "@/components/oauth/client-item";
import { ClientSecretPanel } from "@/components/oauth/client-secret-panel";
import { RotateSecretDialog } from "@/components/oauth/rotate-secret-dialog";
import { AdminOnly } from "@/components/shell/admin-only";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import type { OAuthClient } from "@/lib/client/contract";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

function ClientsContent() {
  const t = useT();
  // The administrator's own clients and the machine clients that belong to no one.
  const clients = useRouteQuery("passport.clients.index");
  // The server's scopes are its configuration: read once.
  const scopes = useRouteQuery("passport.scopes.index", undefined, {
    staleTime: Infinity,
  });
  const create = useRouteMutation("passport.clients.store");
  const update = useRouteMutation("passport.clients.update", {
    toast: "The client has been saved.",
  });
  // Every token the client holds stops working.
  const remove = useRouteMutation("passport.clients.destroy", {
    toast: "The client has been deleted.",
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [edited, setEdited] = useState<string | null>(null);
  const [rotating, setRotating] = useState<OAuthClient | null>(null);
  const [deleting, setDeleting] = useState<OAuthClient | null>(null);
  const edit = (id: string | null) => {
    update.reset();
    setEdited(id === null ? editing : null);
    setEditing(id);
  };
  // A fresh, empty form once the secret was copied; a refused one keeps what was typed.
  const [formKey, setFormKey] = useState(0);
  const [now] = useState(() => Date.now());
  const created = create.data;
  return (
    <>
      <PageHeader
        title={t("OAuth clients")}
        description={t(
          "Apps that sign your users in, and machines that call the API as themselves (Laravel Passport's clients).",
        )}
      />
      <div className="space-y-6">
        <Card
          title={t("Create a client")}
          description={t(
            "A secret is shown once, when the client is created or its secret rotated.",
          )}
        >
          {created && !create.isPending ? (
            <ClientSecretPanel
              client={created}
              title={t("Client created")}
              onDone={() => {
                create.reset();
                setFormKey((key) => key + 1);
              }}
            />
          ) : (
            <ClientForm
              key={formKey}
              scopes={scopes.data ?? []}
              save={create}
              onSave={(input) => create.mutate(input)}
            />
          )}
        </Card>
        <Card title={t("Clients")}>
          <div className="space-y-4">
            <ErrorAlert error={clients.error ?? remove.error} />
            {clients.isPending ? (
              <LoadingRows label={t("Loading clients…")} rows={2} />
            ) : clients.data && clients.data.length > 0 ? (
              <ul
                aria-label={t("Clients")}
                className="-mx-5 -my-5 divide-y divide-zinc-100 sm:-mx-6"
              >
                {clients.data.map((client) =>
                  editing === client.id ? (
                    <li key={client.id} className="px-5 py-4 sm:px-6">
                      <h3 className="mb-4 font-medium wrap-break-word text-zinc-900">
                        {t("Edit :name", { name: client.name })}
                      </h3>
                      <ClientForm
                        scopes={scopes.data ?? []}
                        client={client}
                        save={update}
                        onSave={(input) =>
                          update.mutate(
                            {
                              id: client.id,
                              name: input.name,
                              redirect_uris: input.redirect_uris,
                              backchannel_logout_uri:
                                input.backchannel_logout_uri,
                              scopes: input.scopes ?? null,
                            },
                            { onSuccess: () => edit(null) },
                          )
                        }
                        onCancel={() => edit(null)}
                      />
                    </li>
                  ) : (
                    <ClientItem
                      key={client.id}
                      client={client}
                      now={now}
                      onEdit={(chosen) => edit(chosen.id)}
                      onRotate={setRotating}
                      onDelete={setDeleting}
                      focusEdit={edited === client.id}
                    />
                  ),
                )}
              </ul>
            ) : (
              !clients.isError && (
                <EmptyState title={t("No clients yet")}>
                  {t("Create one above to let an app or a machine use OAuth.")}
                </EmptyState>
              )
            )}
          </div>
        </Card>
      </div>
      <RotateSecretDialog client={rotating} onClose={() => setRotating(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("Delete this client?")}
        confirmLabel={t("Delete client")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            { onSettled: () => setDeleting(null) },
          )
        }
      >
        {deleting &&
          t(
            "Apps using :name stop working at once, and every token it holds is revoked. This cannot be undone.",
            { name: deleting.name },
          )}
      </ConfirmDialog>
    </>
  );
}

/** The administrators' OAuth clients (decision record 055): create, edit, secret once, rotate, allowed scopes, delete, last use. */
export function ClientsPage() {
  return (
    <AdminOnly>
      <ClientsContent />
    </AdminOnly>
  );
}
