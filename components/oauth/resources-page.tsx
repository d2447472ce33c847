"use client";

import { useMemo, useState } from "react";
import { ResourceForm } from "@/components/oauth/resource-form";
import { ResourceItem } from "@/components/oauth/resource-item";
import { AdminOnly } from "@/components/shell/admin-only";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import type { OAuthResource } from "@/lib/client/contract";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

function ResourcesContent() {
  const t = useT();
  // Registered resources (decision record 101), read and changed by name (decision record 109).
  const resources = useRouteQuery(
    "api.admin.oauth-resources.index",
    undefined,
    {
      select: (answer) => answer.data,
    },
  );
  // The OAuth clients a resource may be limited to.
  const clients = useRouteQuery("passport.clients.index");
  const create = useRouteMutation("api.admin.oauth-resources.store", {
    toast: "The resource has been registered.",
  });
  const update = useRouteMutation("api.admin.oauth-resources.update", {
    toast: "The resource has been saved.",
  });
  const remove = useRouteMutation("api.admin.oauth-resources.destroy", {
    toast: "The resource has been deleted.",
  });
  const [editing, setEditing] = useState<number | null>(null);
  const [edited, setEdited] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<OAuthResource | null>(null);
  // A fresh, empty form once one is registered; a refused one keeps what was typed.
  const [formKey, setFormKey] = useState(0);
  const choices = useMemo(() => clients.data ?? [], [clients.data]);
  const clientNames = useMemo(
    () => new Map(choices.map((client) => [client.id, client.name])),
    [choices],
  );
  const edit = (id: number | null) => {
    update.reset();
    setEdited(id === null ? editing : null);
    setEditing(id);
  };
  return (
    <>
      <PageHeader
        title={t("API resources")}
        description={t(
          "APIs on other origins this server issues tokens for: their scopes, the clients that may ask, and how long a token lasts.",
        )}
      />
      <div className="space-y-6">
        <Card title={t("Register a resource")}>
          <ResourceForm
            key={formKey}
            clients={choices}
            save={create}
            onSave={(input) =>
              create.mutate(input, {
                onSuccess: () => setFormKey((key) => key + 1),
              })
            }
          />
        </Card>
        <Card title={t("Resources")}>
          <div className="space-y-4">
            <ErrorAlert error={resources.error ?? remove.error} />
            {resources.isPending ? (
              <LoadingRows label={t("Loading resources…")} rows={2} />
            ) : resources.data && resources.data.length > 0 ? (
              <ul
                aria-label={t("Resources")}
                className="-mx-5 -my-5 divide-y divide-zinc-100 sm:-mx-6"
              >
                {resources.data.map((resource) =>
                  editing === resource.id ? (
                    <li key={resource.id} className="px-5 py-4 sm:px-6">
                      <h3 className="mb-4 font-medium wrap-break-word text-zinc-900">
                        {t("Edit :name", { name: resource.name })}
                      </h3>
                      <ResourceForm
                        resource={resource}
                        clients={choices}
                        save={update}
                        onSave={({ identifier: _kept, ...fields }) =>
                          update.mutate(
                            { id: resource.id, ...fields },
                            { onSuccess: () => edit(null) },
                          )
                        }
                        onCancel={() => edit(null)}
                      />
                    </li>
                  ) : (
                    <ResourceItem
                      key={resource.id}
                      resource={resource}
                      clientNames={clientNames}
                      onEdit={(chosen) => edit(chosen.id)}
                      onDelete={setDeleting}
                      focusEdit={edited === resource.id}
                    />
                  ),
                )}
              </ul>
            ) : (
              !resources.isError && (
                <EmptyState title={t("No resources yet")}>
                  {t(
                    "Register one above to issue tokens meant for another API.",
                  )}
                </EmptyState>
              )
            )}
          </div>
        </Card>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={t("Delete this resource?")}
        confirmLabel={t("Delete resource")}
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
            "Tokens for :name stop being issued at once, refreshes included; tokens already issued last until they expire. This cannot be undone.",
            { name: deleting.name },
          )}
      </ConfirmDialog>
    </>
  );
}

/** The administrators' registered resources (decision record 101): register, edit, delete. */
export function ResourcesPage() {
  return (
    <AdminOnly>
      <ResourcesContent />
    </AdminOnly>
  );
}
