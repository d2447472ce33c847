"use client";

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
} from "react";
import type { Locale } from "@/lib/client/frontend-settings";
import { type Replacements, translate } from "@/lib/i18n/catalog";

export type Translate = (key: string, replacements?: Replacements) => string;

type I18n = { locale: Locale; t: Translate };

const I18nContext = createContext<I18n | null>(null);

/**
 * The UI language, decided by the server for each page load (the `locale` cookie, else the
 * browser's Accept-Language). Keys are the English text, as on the server (messages/*.json).
 */
export function I18nProvider({
  locale,
  children,
}: {
  locale: Locale;
  children: ReactNode;
}) {
  const t = useCallback<Translate>(
    (key, replacements) => translate(locale, key, replacements),
    [locale],
  );
  const value = useMemo(() => ({ locale, t }), [locale, t]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useT must be used inside I18nProvider");
  return value;
}

/** The translation function of the current language. */
export function useT(): Translate {
  return useI18n().t;
}

export function useLocale(): Locale {
  return useI18n().locale;
}

/** Dates and times in the UI language, in the browser's time zone. */
export function useFormatDate(): (
  iso: string | null,
  options?: Intl.DateTimeFormatOptions,
) => string {
  const locale = useLocale();
  return useCallback(
    (iso, options = { dateStyle: "medium", timeStyle: "short" }) =>
      iso ? new Intl.DateTimeFormat(locale, options).format(new Date(iso)) : "",
    [locale],
  );
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "5 minutes ago", "hace 5 minutos", "now": a time relative to `now` (milliseconds), in the UI language. */
export function useFormatRelative(): (
  iso: string | null,
  now: number,
) => string {
  const locale = useLocale();
  return useCallback(
    (iso, now) => {
      if (!iso) return "";
      const seconds = Math.round((Date.parse(iso) - now) / 1000);
      const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
      for (const [unit, size] of RELATIVE_UNITS)
        if (Math.abs(seconds) >= size)
          return format.format(Math.trunc(seconds / size), unit);
      return format.format(0, "second");
    },
    [locale],
  );
}
