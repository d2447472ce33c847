"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import {
  EditableSetting,
  untouched,
  useSettingLabel,
} from "@/components/admin/editable-setting";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useErrorMessage } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import { useToast } from "@/components/ui/toaster";
import type { SettingRow } from "@/lib/client/contract";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import {
  isSameSetting,
  type SettingDraft,
  valueOfDraft,
} from "@/lib/client/setting-values";
import { settingDeclaration } from "@/lib/config/auth-settings";
import {
  type RouteMutationOptions,
  useRouteMutation,
} from "@/lib/client/route-query";

type Drafts = Record<string, SettingDraft>;

/**
 * After a change (or a revert) of one key: the listing is read again (the same path); the change
 * is in the audit log; `admins` may have changed whether this user is one (the session); the
 * switches and password rules this tab was rendered with come from the root layout.
 */
function useAfterChange(): RouteMutationOptions<"api.admin.settings.update"> &
  RouteMutationOptions<"api.admin.settings.revert"> {
  const router = useRouter();
  return {
    stale: ["api.admin.activity", "get-auth"],
    onSuccess: () => router.refresh(),
  };
}

function valueOf(row: SettingRow, draft: SettingDraft): unknown {
  const declared = settingDeclaration(row.key);
  return valueOfDraft(draft, declared?.control ?? "text", declared?.unit);
}

/**
 * A section's editable settings as one form: one Save for the section, which sends only the
 * fields changed (one PUT each, the API's contract), and shows each refusal beside its field.
 */
export function SectionForm({
  title,
  text,
  rows,
  isCollapsible = false,
}: {
  title: string;
  text: string;
  rows: SettingRow[];
  /** Many settings (one redirect per action): folded until opened or searched. */
  isCollapsible?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const labelOf = useSettingLabel();
  const afterChange = useAfterChange();
  // PUT one key; a 422 names the key (`errors.value`) or refuses it (`errors.key`).
  const save = useRouteMutation("api.admin.settings.update", afterChange);
  // DELETE one key: back to its start-up value.
  const revert = useRouteMutation("api.admin.settings.revert", afterChange);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const [done, setDone] = useState<"saved" | "reverted" | null>(null);

  const changed = rows.filter((row) => {
    const draft = drafts[row.key];
    return (
      draft !== undefined && !isSameSetting(valueOf(row, draft), row.value)
    );
  });
  const isBusy = saving || revert.isPending;

  function setDraft(key: string, draft: SettingDraft) {
    setDrafts((all) => ({ ...all, [key]: draft }));
    setDone(null);
  }

  function describe(error: unknown): string {
    const found = formErrors(error, ["value", "key"], locale);
    return (
      found.fields.value ??
      found.fields.key ??
      (found.general ? errorMessage(found.general) : "")
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changed.length === 0 || isBusy) return;
    setSaving(true);
    const failed: Record<string, string> = {};
    const kept: Drafts = {};
    for (const row of changed) {
      const draft = drafts[row.key] as SettingDraft;
      try {
        await save.mutateAsync({ key: row.key, value: valueOf(row, draft) });
      } catch (error) {
        failed[row.key] = describe(error);
        kept[row.key] = draft;
      }
    }
    setDrafts(kept);
    setErrors(failed);
    const savedCount = changed.length - Object.keys(failed).length;
    setDone(savedCount > 0 ? "saved" : null);
    if (savedCount > 0)
      toast(t(":title: settings saved.", { title: t(title) }));
    setSaving(false);
  }

  function revertRow(key: string) {
    setDone(null);
    revert.mutate(
      { key },
      {
        onSuccess: () => {
          setDrafts(({ [key]: _reverted, ...rest }) => rest);
          setDone("reverted");
        },
        onError: (error) =>
          setErrors((all) => ({ ...all, [key]: describe(error) })),
      },
    );
  }

  const list = (
    <div className="divide-y divide-zinc-100">
      {rows.map((row) => (
        <EditableSetting
          key={row.key}
          row={row}
          draft={drafts[row.key] ?? untouched(row)}
          onDraft={(draft) => setDraft(row.key, draft)}
          error={errors[row.key]}
          onRevert={() => revertRow(row.key)}
          isBusy={isBusy}
        />
      ))}
    </div>
  );

  return (
    <Card title={t(title)} description={t(text)}>
      <form aria-label={t(title)} onSubmit={submit} noValidate>
        {isCollapsible ? (
          <details>
            <summary className="cursor-pointer text-sm font-medium text-indigo-700">
              {t("Show :count settings", { count: rows.length })}
            </summary>
            <div className="mt-4">{list}</div>
          </details>
        ) : (
          list
        )}
        <div className="mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-zinc-100 pt-4">
          <p role="status" className="mr-auto text-sm text-zinc-600">
            {done && changed.length === 0 && (
              <span className="flex items-center gap-1.5 text-emerald-700">
                <Icon name="check" className="size-4" />
                {done === "saved"
                  ? t("Saved.")
                  : t("Reverted to the start-up value.")}
              </span>
            )}
            {changed.length > 0 &&
              t("Unsaved: :settings", {
                settings: changed.map((row) => labelOf(row.key)).join(", "),
              })}
          </p>
          <Button
            type="submit"
            loading={saving}
            disabled={changed.length === 0 || isBusy}
          >
            {t("Save changes")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
