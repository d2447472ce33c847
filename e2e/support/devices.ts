/** A Spanish speaker's phone: issue 25's journeys run in it beside the English desktop. */
export const SPANISH_PHONE = {
  locale: "es-ES",
  viewport: { width: 390, height: 844 },
} as const;

/**
 * The two settings a screen's journey runs in (decision record 090's specs): English on a desktop
 * and Spanish on a phone; `locale` is the catalog's, for the translator.
 */
export const LANGUAGE_VARIANTS = [
  {
    name: "English, desktop",
    slug: "en",
    locale: "en",
    use: { locale: "en-US", viewport: { width: 1280, height: 860 } },
  },
  {
    name: "Spanish, phone",
    slug: "es-phone",
    locale: "es",
    use: SPANISH_PHONE,
  },
] as const;
