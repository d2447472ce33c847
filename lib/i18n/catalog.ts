import enApp from "@/messages/app/en.json";
import esApp from "@/messages/app/es.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

type Catalog = Record<string, string>;

// contract §1 rule 7: keys are the English text; the application's own files
// (messages/app/<locale>.json) are layered over the shipped catalog.
const CATALOGS: Record<Locale, Catalog> = {
  en: { ...en, ...enApp },
  es: { ...es, ...esApp },
};

export function catalog(locale: Locale): Catalog {
  return CATALOGS[locale];
}

export function isLocale(value: unknown): value is Locale {
  return (
    typeof value === "string" && (LOCALES as readonly string[]).includes(value)
  );
}

/** Picks the best supported locale from an Accept-Language header (q-values honoured). */
export function negotiateLocale(
  acceptLanguage: string | null | undefined,
): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return {
        language: tag.trim().toLowerCase().split("-")[0] ?? "",
        q: q ? Number(q.trim().slice(2)) : 1,
      };
    })
    .filter(
      (entry) => entry.language && Number.isFinite(entry.q) && entry.q > 0,
    )
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}

export type Replacements = Record<string, string | number>;

/** Translates an English key and fills `:name` placeholders (`:Name` capitalises), as Laravel does. */
export function translate(
  locale: Locale,
  key: string,
  replacements: Replacements = {},
): string {
  const text = CATALOGS[locale][key] ?? CATALOGS.en[key] ?? key;
  // Longest names first, so `:max` never eats the start of `:maximum`.
  const names = Object.keys(replacements).sort((a, b) => b.length - a.length);
  return names.reduce((result, name) => {
    const value = String(replacements[name]);
    return result
      .replaceAll(
        `:${name.charAt(0).toUpperCase()}${name.slice(1)}`,
        value.charAt(0).toUpperCase() + value.slice(1),
      )
      .replaceAll(`:${name}`, value);
  }, text);
}

/**
 * A field's name as messages show it (Laravel's `validation.attributes.<field>`, a key an
 * application may override too): the catalog's word, else the field with spaces for underscores.
 */
export function attributeName(locale: Locale, field: string): string {
  return (
    CATALOGS[locale][`validation.attributes.${field}`] ??
    field.replaceAll("_", " ")
  );
}
