import { catalog, type Locale, translate } from "../../lib/i18n/catalog";

/**
 * The screen's words in a language, as the application words them (its catalog and its
 * replacement rules); a key the catalog lacks fails the test at once instead of being matched
 * as English.
 */
export function translator(locale: Locale) {
  const messages = catalog(locale);
  return (key: string, replacements: Record<string, string | number> = {}) => {
    if (messages[key] === undefined)
      throw new Error(`no "${key}" in the ${locale} catalog`);
    return translate(locale, key, replacements);
  };
}
