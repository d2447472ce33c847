"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { SelectField } from "@/components/ui/select-field";
import { useLocale, useT } from "@/lib/client/i18n";
import { saveLocaleChoice } from "@/lib/client/locale-cookie";

export const LANGUAGES = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
];

/** Changes the UI language: remembered in the `locale` cookie, then the page is rendered again. */
export function useLocaleChoice() {
  const locale = useLocale();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  function choose(next: string) {
    saveLocaleChoice(next);
    // API calls ask for the document's language; set it now rather than after the refresh.
    document.documentElement.lang = next;
    startTransition(() => router.refresh());
  }
  return { locale, choose, isPending };
}

/** The language as a select: the signed-out screens' header (the signed-in ones have the user menu). */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const t = useT();
  const { locale, choose, isPending } = useLocaleChoice();
  return (
    <SelectField
      className={className}
      label={t("Language")}
      hideLabel
      options={LANGUAGES}
      value={locale}
      disabled={isPending}
      onChange={(event) => choose(event.target.value)}
    />
  );
}
