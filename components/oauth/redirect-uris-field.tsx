"use client";

import { useId } from "react";
import { FieldError } from "@/components/ui/field-error";
import { INPUT_CLASSES } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";

/** A client's redirect URIs, one per line (`redirect_uris`), with the server's error under them. */
export function RedirectUrisField({
  uris = [],
  error,
}: {
  uris?: readonly string[];
  error?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800">
        {t("Redirect URIs")}
      </label>
      <textarea
        id={id}
        name="redirect_uris"
        rows={Math.max(2, uris.length + 1)}
        spellCheck={false}
        placeholder="https://app.example/callback"
        defaultValue={uris.join("\n")}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={`${INPUT_CLASSES} mt-1.5 font-mono`}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500">
        {t("One per line; a redirect must match one exactly.")}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** The URIs a submitted form's field holds, blank lines and spaces dropped. */
export function redirectUrisOf(data: FormData): string[] {
  return String(data.get("redirect_uris") ?? "")
    .split(/\s+/)
    .filter((uri) => uri !== "");
}
