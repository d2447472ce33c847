/** The name of the client form's box for a user's app that may ask for any scope. */
export const ANY_SCOPE_FIELD = "any_scope";

/**
 * The allowed scopes the client form sends (`POST /oauth/clients`): the checked ones, or no list
 * when "Any scope the user consents to" is checked (a user's app only; Passport's client without
 * a list). Null when nothing is chosen: the form shows its error, so an empty choice never becomes
 * every scope (decision record 011, amendment 2026-12-02).
 */
export function allowedScopesInput(
  data: FormData,
  machine: boolean,
): { scopes?: string[] } | null {
  if (!machine && data.get(ANY_SCOPE_FIELD) !== null) return {};
  const chosen = data.getAll("scopes").map(String);
  return chosen.length > 0 ? { scopes: chosen } : null;
}
