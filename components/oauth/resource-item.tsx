"use client";

import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";
import type { OAuthResource } from "@/lib/client/contract";

/**
 * One resource: name, identifier, scopes with their words, allowed clients, token lifetime, who
 * may exchange its tokens for what (decision record 115); Edit and Delete.
 */
export function ResourceItem({
  resource,
  clientNames,
  onEdit,
  onDelete,
  focusEdit = false,
}: {
  resource: OAuthResource;
  /** The OAuth clients' names by id; a client gone since shows its id. */
  clientNames: ReadonlyMap<string, string>;
  onEdit: (resource: OAuthResource) => void;
  onDelete: (resource: OAuthResource) => void;
  /** Back from its form: Edit takes the focus again, so the keyboard stays where it was. */
  focusEdit?: boolean;
}) {
  const t = useT();
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focusEdit) item.current?.querySelector("button")?.focus();
  }, [focusEdit]);
  return (
    <li
      ref={item}
      className="flex flex-col gap-3 px-5 py-4 sm:px-6 md:flex-row md:items-start md:justify-between"
    >
      <div className="min-w-0 space-y-1.5">
        <p className="font-medium wrap-break-word text-zinc-900">
          {resource.name}
        </p>
        <p className="text-xs text-zinc-500">
          <code className="break-all">{resource.identifier}</code>
        </p>
        <div className="text-xs text-zinc-600">
          <p>{t("Scopes:")}</p>
          {resource.scopes.length === 0 ? (
            <p className="mt-0.5">{t("none")}</p>
          ) : (
            <ul className="mt-0.5 space-y-0.5">
              {resource.scopes.map((scope) => (
                <li key={scope.name}>
                  <code className="break-all text-zinc-800">{scope.name}</code>
                  {scope.description && ` — ${scope.description}`}
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="flex flex-wrap items-center gap-1 text-xs text-zinc-600">
          <span>{t("Allowed clients:")}</span>
          {resource.clients === null ? (
            <span>{t("Any client")}</span>
          ) : resource.clients.length === 0 ? (
            <span>{t("none")}</span>
          ) : (
            resource.clients.map((id) => (
              <Badge key={id}>{clientNames.get(id) ?? id}</Badge>
            ))
          )}
        </p>
        <p className="flex flex-wrap items-center gap-1 text-xs text-zinc-600">
          <span>{t("Token exchange:")}</span>
          {resource.exchange_client === null ? (
            <span>{t("none")}</span>
          ) : (
            <>
              <Badge>
                {clientNames.get(resource.exchange_client) ??
                  resource.exchange_client}
              </Badge>
              <span>
                {t("for :scopes", {
                  scopes: resource.exchange_scopes.join(", ") || t("none"),
                })}
              </span>
            </>
          )}
        </p>
        <p className="text-xs text-zinc-500">
          {resource.token_minutes === null
            ? t("Tokens last the usual lifetime")
            : t("Tokens last :minutes minutes", {
                minutes: resource.token_minutes,
              })}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEdit(resource)}
          aria-label={t("Edit :name", { name: resource.name })}
        >
          {t("Edit")}
        </Button>
        <Button
          variant="secondary-danger"
          size="sm"
          onClick={() => onDelete(resource)}
          aria-label={t("Delete the resource :name", { name: resource.name })}
        >
          {t("Delete")}
        </Button>
      </div>
    </li>
  );
}
