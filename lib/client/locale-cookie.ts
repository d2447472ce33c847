/** The language switch's choice; read by the server (next-adapter `requestLocale`) on every page. */
export const LOCALE_COOKIE = "locale";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers the chosen language in the browser for a year. */
export function saveLocaleChoice(locale: string): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
