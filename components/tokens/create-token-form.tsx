"use client";

import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { AbilitiesFieldset } from "@/components/tokens/abilities-fieldset";
import {
  type ExpiryPreset,
  expiryPresets,
  tokenFormInput,
} from "@/components/tokens/token-form-input";
import { TokenLimitFields } from "@/components/tokens/token-limit-fields";
import { TokenTeamField } from "@/components/tokens/token-team-field";
import { NewTokenPanel } from "@/components/tokens/new-token-panel";
import { formErrors } from "@/lib/client/form-errors";
import { useFormatDate, useLocale, useT } from "@/lib/client/i18n";
import { useSettings } from "@/lib/client/settings-context";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import { useRouteMutation } from "@/lib/client/route-query";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The local calendar day `days` after `from`, as a date input's value. */
function dayAfter(from: number, days: number): string {
  const date = new Date(from + days * DAY_MS);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/**
 * POST create-token needs the account's credentials: the email of the session and the password,
 * asked once in the form (the request's password is the proof, so no step-up; decision record 045).
 */
export function CreateTokenForm({ email }: { email: string }) {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const policy = useSettings().tokens;
  const { presets, initial } = expiryPresets(policy);
  const create = useRouteMutation("create-token");
  const form = useRef<HTMLFormElement>(null);
  const [expiry, setExpiry] = useState<ExpiryPreset>(initial);
  // The presets count from when the form was opened (a render must not read the clock).
  const [openedAt] = useState(() => Date.now());
  // Bad credentials come back as a 422 on `email`, which this form asks as "current password".
  const errors = formErrors(
    create.error,
    [
      "name",
      "abilities",
      "expires_at",
      "idle_expires_in",
      "rate_limit",
      "quota",
      "quota_refill",
      "quota_interval",
      "allowed_ips",
      "team_id",
      "password",
      "email",
    ],
    locale,
  );
  const passwordError = errors.fields.password ?? errors.fields.email;
  // Nothing checked is refused here: sent, it would be a token with no ability at all.
  const [noAbility, setNoAbility] = useState<object | null>(null);
  useFocusFirstError(form, create.error ?? noAbility);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const element = event.currentTarget;
    const input = tokenFormInput(new FormData(element), { email }, Date.now());
    if (input.abilities?.length === 0) {
      create.reset();
      setNoAbility({});
      return;
    }
    setNoAbility(null);
    create.mutate(input, { onSuccess: () => element.reset() });
  }

  return (
    <Card
      title={t("Create a token")}
      description={t(
        "Tokens let scripts and integrations use the API on your behalf.",
      )}
    >
      {create.isSuccess ? (
        <NewTokenPanel
          token={create.data.token}
          onDone={() => create.reset()}
        />
      ) : (
        <form ref={form} onSubmit={submit} className="space-y-5">
          <ErrorAlert error={errors.general} />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <TextField
              label={t("Token name")}
              name="name"
              required
              maxLength={255}
              placeholder={t("e.g. Deploy script")}
              error={errors.fields.name}
            />
            <TokenTeamField error={errors.fields.team_id} />
            <AbilitiesFieldset
              error={
                noAbility
                  ? t("Choose at least one ability, or all abilities.")
                  : errors.fields.abilities
              }
            />
            <div className="space-y-3">
              <SelectField
                label={t("Expires")}
                name="expiry"
                value={expiry}
                onChange={(event) =>
                  setExpiry(event.target.value as ExpiryPreset)
                }
                aria-describedby="token-expiry-hint"
                options={presets.map((preset) => ({
                  value: preset,
                  label:
                    preset === "date"
                      ? t("On a date")
                      : preset === "never"
                        ? t("Never")
                        : t(":count days", { count: preset }),
                }))}
              />
              <p id="token-expiry-hint" className="text-xs text-zinc-500">
                {expiry === "never"
                  ? t("It works until you revoke it.")
                  : expiry === "date"
                    ? policy.maxLifetimeDays > 0 &&
                      t("At most :count days from today.", {
                        count: policy.maxLifetimeDays,
                      })
                    : t("Expires on :date.", {
                        date: formatDate(
                          new Date(
                            openedAt + Number(expiry) * DAY_MS,
                          ).toISOString(),
                          { dateStyle: "long" },
                        ),
                      })}
              </p>
              {expiry === "date" && (
                <TextField
                  label={t("Expires on")}
                  name="expires_at"
                  type="date"
                  min={dayAfter(openedAt, 1)}
                  max={
                    policy.maxLifetimeDays > 0
                      ? dayAfter(openedAt, policy.maxLifetimeDays - 1)
                      : undefined
                  }
                  required
                  error={errors.fields.expires_at}
                />
              )}
              {expiry !== "date" && errors.fields.expires_at && (
                <p className="text-xs text-red-600">
                  {errors.fields.expires_at}
                </p>
              )}
            </div>
            <TextField
              label={t("Current password")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              hint={t("Confirms it is you.")}
              error={passwordError}
            />
          </div>
          <TokenLimitFields errors={errors.fields} />
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending}>
              {t("Create token")}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
