"use client";

import { type FormEvent, useRef, useState } from "react";
import { ACTIVITY_EVENTS } from "@/components/admin/activity-labels";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { FieldError } from "@/components/ui/field-error";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import type { useCreateWebhook } from "@/lib/client/use-webhooks";

const ALL = "*";

type Props = { events: string[]; create: ReturnType<typeof useCreateWebhook> };

/** Registers an endpoint: its URL, the events it wants (or all), an optional description and secret. */
export function WebhookForm({ events, create }: Props) {
  const t = useT();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const [all, setAll] = useState(true);
  const errors = formErrors(
    create.error,
    ["url", "events", "description", "secret"],
    locale,
  );
  const eventsError = errors.fields.events;
  useFocusFirstError(form, create.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "").trim() || null;
    const chosen = all ? [ALL] : data.getAll("events").map(String);
    create.mutate({
      url: text("url") ?? "",
      events: chosen,
      description: text("description"),
      secret: text("secret"),
    });
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-5"
      aria-label={t("Add an endpoint")}
    >
      <ErrorAlert error={errors.general} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("Endpoint URL")}
          name="url"
          type="url"
          inputMode="url"
          required
          placeholder="https://example.com/webhooks"
          error={errors.fields.url}
        />
        <TextField
          label={t("Description")}
          name="description"
          error={errors.fields.description}
          maxLength={255}
        />
      </div>
      <fieldset
        aria-describedby={eventsError ? "webhook-events-error" : undefined}
      >
        <legend className="text-sm font-medium text-zinc-800">
          {t("Events")}
        </legend>
        <div className="mt-2 space-y-3">
          <CheckboxField
            label={t("All events")}
            name="all"
            checked={all}
            onChange={(event) => setAll(event.currentTarget.checked)}
          />
          {!all && (
            <div className="grid max-h-72 gap-2 overflow-y-auto rounded-lg p-3 ring-1 ring-zinc-200 sm:grid-cols-2 lg:grid-cols-3">
              {events.map((name) => (
                <CheckboxField
                  key={name}
                  label={
                    ACTIVITY_EVENTS[name]
                      ? t(ACTIVITY_EVENTS[name].label)
                      : name
                  }
                  name="events"
                  value={name}
                />
              ))}
            </div>
          )}
        </div>
        <FieldError id="webhook-events-error" error={eventsError} />
      </fieldset>
      <TextField
        label={t("Signing secret (optional)")}
        name="secret"
        autoComplete="off"
        spellCheck={false}
        hint={t(
          "Leave it empty to have one generated. A secret of your own is whsec_ followed by the base64 of 24 to 64 random bytes.",
        )}
        error={errors.fields.secret}
        className="sm:max-w-xl"
      />
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          {t("Add endpoint")}
        </Button>
      </div>
    </form>
  );
}
