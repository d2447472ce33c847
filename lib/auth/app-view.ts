import "server-only";
import type { AuthState } from "@/lib/server/context";
import { tokenCan } from "@/lib/auth/tokens";

/**
 * The user as a third-party app's token may see it (decision record 082), by the OpenID scopes as
 * userinfo shows them (lib/oauth/userinfo.ts): `id` always, the name and the profile with
 * `profile`, the address with `email`. A session's or an owner's own token's view is whole.
 */
export function appView<U extends { id: number }>(
  auth: AuthState,
  user: U,
): Partial<U> & { id: number } {
  const token = auth.oauthToken;
  if (!token?.app) return user;
  const profile = tokenCan(token, "profile");
  const email = tokenCan(token, "email");
  const shown = Object.entries(user).filter(([field]) =>
    TEAM_FIELDS.has(field)
      ? false
      : EMAIL_FIELDS.has(field)
        ? email
        : field === "id" || profile,
  );
  return Object.fromEntries(shown) as Partial<U> & { id: number };
}

const EMAIL_FIELDS = new Set(["email", "email_verified_at", "pending_email"]);
/** The account's teams (decision record 087): no OpenID scope covers them, so an app never sees them. */
const TEAM_FIELDS = new Set(["current_team_id", "all_teams"]);
