"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { SelectField } from "@/components/ui/select-field";
import { useLocale, useT } from "@/lib/client/i18n";
import { saveLocaleChoice } from "@/lib/client/locale-cookie";

const LANGUAGES = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
];

/** Switches the UI language: remembered in the `locale` cookie, then the page is rendered again. */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  return (
    <SelectField
      className={className}
      label={t("Language")}
      hideLabel
      options={LANGUAGES}
      value={locale}
      disabled={isPending}
      onChange={(event) => {
        saveLocaleChoice(event.target.value);
        // API calls ask for the document's language; set it now rather than after the refresh.
        document.documentElement.lang = event.target.value;
        startTransition(() => router.refresh());
      }}
    />
  );
}
