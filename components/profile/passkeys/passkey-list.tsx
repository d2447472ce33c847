"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { Passkey } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

type Props = {
  passkeys: Passkey[];
  onRename: (passkey: Passkey) => void;
  /** Absent: deleting is not offered (the server would refuse it now). */
  onDelete?: (passkey: Passkey) => void;
};

/** The caller's passkeys: name, authenticator, synced or not, added and last used; rename and delete. */
export function PasskeyList({ passkeys, onRename, onDelete }: Props) {
  const t = useT();
  const formatDate = useFormatDate();
  if (passkeys.length === 0)
    return (
      <EmptyState title={t("No passkeys yet")}>
        {t("Add one to sign in without typing your password.")}
      </EmptyState>
    );
  return (
    <ul aria-label={t("Passkeys")} className="-my-3 divide-y divide-zinc-100">
      {passkeys.map((passkey) => (
        <li
          key={passkey.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium break-words text-zinc-900">
              {passkey.name}
              {passkey.backed_up && <Badge tone="indigo">{t("Synced")}</Badge>}
            </p>
            <p className="text-sm text-zinc-600">
              {[
                passkey.authenticator,
                passkey.created_at &&
                  t("Added :date", {
                    date: formatDate(passkey.created_at, {
                      dateStyle: "medium",
                    }),
                  }),
                passkey.last_used_at
                  ? t("Last used :date", {
                      date: formatDate(passkey.last_used_at),
                    })
                  : t("Never used"),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRename(passkey)}
              aria-label={t("Rename :name", { name: passkey.name })}
            >
              {t("Rename")}
            </Button>
            {onDelete && (
              <Button
                variant="ghost-danger"
                size="sm"
                onClick={() => onDelete(passkey)}
                aria-label={t("Delete :name", { name: passkey.name })}
              >
                {t("Delete")}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
