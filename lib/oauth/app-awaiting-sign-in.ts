import "server-only";
import type { Db } from "@/db/client";
import type { AuthConfig } from "@/lib/config/auth";
import { findClient, hasGrant } from "@/lib/oauth/clients";
import { OAUTH_SCREENS } from "@/lib/oauth/consent-page";
import { OAUTH_PATHS } from "@/lib/oauth/paths";
import { toPublicPath } from "@/lib/oauth/path-prefix";

/**
 * The name of the app a sign-in is on the way to (decision record 090): the login screen's
 * `redirect` is the authorization request (Passport's path, or the consent screen it sends a
 * browser to) with the app's `client_id`, so the screen can say "Sign in to continue to <app>".
 * Only a live client that asks users (the code grant) is named; null for anything else.
 */
export async function appAwaitingSignIn(
  db: Db,
  config: AuthConfig,
  redirect: string | null,
): Promise<string | null> {
  if (!redirect?.startsWith("/") || redirect.startsWith("//")) return null;
  const url = new URL(redirect, "http://local.invalid");
  const clientId = url.searchParams.get("client_id");
  const paths = [
    OAUTH_SCREENS.consent,
    toPublicPath(OAUTH_PATHS.authorize, config.oauth.path),
  ];
  if (!paths.includes(url.pathname) || !clientId) return null;
  const client = await findClient(db, clientId);
  return client && hasGrant(client, "authorization_code") ? client.name : null;
}
