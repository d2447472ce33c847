"use client";

import { useEffect, useRef } from "react";
import { CLIENT_KINDS, kindOf } from "@/components/oauth/client-kinds";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useFormatDate, useFormatRelative, useT } from "@/lib/client/i18n";
import type { OAuthClient } from "@/lib/client/contract";

const KIND_BADGES = {
  confidential: "Confidential",
  public: "Public",
  machine: "Machine",
} as const;

/** One client: name, kind, id, redirect URIs, allowed scopes, last use; Edit, Rotate secret (when it has one) and Delete. */
export function ClientItem({
  client,
  now,
  onEdit,
  onRotate,
  onDelete,
  focusEdit = false,
}: {
  client: OAuthClient;
  now: number;
  /** Back from its form: Edit takes the focus again, so the keyboard stays where it was. */
  focusEdit?: boolean;
  onEdit: (client: OAuthClient) => void;
  onRotate: (client: OAuthClient) => void;
  onDelete: (client: OAuthClient) => void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const formatRelative = useFormatRelative();
  const kind = kindOf(client);
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // The first action is Edit.
    if (focusEdit) item.current?.querySelector("button")?.focus();
  }, [focusEdit]);
  return (
    <li
      ref={item}
      className="flex flex-col gap-3 px-5 py-4 sm:px-6 md:flex-row md:items-start md:justify-between"
    >
      <div className="min-w-0 space-y-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-break-word text-zinc-900">
            {client.name}
          </span>
          <Badge tone={kind === "machine" ? "indigo" : "gray"}>
            {t(KIND_BADGES[kind])}
          </Badge>
        </p>
        <p className="text-xs text-zinc-500">
          {t(CLIENT_KINDS[kind].label)} ·{" "}
          <code className="break-all">{client.id}</code>
        </p>
        {client.redirect_uris.length > 0 && (
          <div className="text-xs text-zinc-600">
            <p>{t("Redirect URIs:")}</p>
            <ul className="mt-0.5 space-y-0.5">
              {client.redirect_uris.map((uri) => (
                <li key={uri}>
                  <code className="break-all text-zinc-800">{uri}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
        {client.backchannel_logout_uri && (
          <p className="text-xs text-zinc-600">
            {t("Back-channel logout:")}{" "}
            <code className="break-all text-zinc-800">
              {client.backchannel_logout_uri}
            </code>
          </p>
        )}
        <p className="flex flex-wrap items-center gap-1 text-xs text-zinc-600">
          <span>{t("Allowed scopes:")}</span>
          {client.scopes === null ? (
            <span>{t("any the user consents to")}</span>
          ) : client.scopes.length === 0 ? (
            <span>{t("none")}</span>
          ) : (
            client.scopes.map((scope) => <Badge key={scope}>{scope}</Badge>)
          )}
        </p>
        <p className="text-xs text-zinc-500">
          {client.last_used_at
            ? t("Last used :when", {
                when: formatRelative(client.last_used_at, now),
              })
            : t("Never used")}{" "}
          · {t("Created :date", { date: formatDate(client.created_at) })}
        </p>
        {client.previous_secret_expires_at && (
          <p className="text-xs text-amber-800">
            {t("Old secret works until :date", {
              date: formatDate(client.previous_secret_expires_at),
            })}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(client)}
          aria-label={t("Edit :name", { name: client.name })}
        >
          {t("Edit")}
        </Button>
        {client.confidential && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onRotate(client)}
            aria-label={t("Rotate secret of :name", { name: client.name })}
          >
            {t("Rotate secret")}
          </Button>
        )}
        <Button
          variant="secondary-danger"
          size="sm"
          onClick={() => onDelete(client)}
          aria-label={t("Delete the client :name", { name: client.name })}
        >
          {t("Delete")}
        </Button>
      </div>
    </li>
  );
}
