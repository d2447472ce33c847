/**
 * The colour scheme a person chose in the user menu (decision record 066): `light` or `dark`,
 * remembered in the `theme` cookie and written on <html data-theme> by the server's root layout,
 * so the first paint already has it. No cookie: the OS's scheme ("system").
 */
export const THEME_COOKIE = "theme";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The cookie's value as the server reads it: only the two explicit schemes count. */
export function explicitTheme(
  value: string | undefined,
): "light" | "dark" | undefined {
  return value === "light" || value === "dark" ? value : undefined;
}

/** Applies the choice at once (no reload) and remembers it for a year; "system" forgets it. */
export function saveThemeChoice(theme: Theme): void {
  const root = document.documentElement;
  if (theme === "system") {
    delete root.dataset.theme;
    document.cookie = `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    return;
  }
  root.dataset.theme = theme;
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** The choice in force, read from the page the server rendered. */
export function currentTheme(): Theme {
  return explicitTheme(document.documentElement.dataset.theme) ?? "system";
}
