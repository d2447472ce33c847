import "server-only";
import { and, eq } from "drizzle-orm";
import { oauthConsents } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { readScopes } from "@/lib/oauth/scopes";

// A consent covers the client as the user approved it (decision record 050, amendment
// 2026-12-02): the redirect URIs it had then. A URI added to the client later is not covered, so
// `/oauth/authorize` asks again before sending a code there, however many tokens the user holds.
// A snapshot of URIs rather than a time: an access token's age says nothing of its consent's, as
// the refresh grant issues a new one every hour, and a client's URIs change through Passport's own
// screens on a shared database without this server hearing of it.

/** Remembers what the user approved just now: the client's redirect URIs at this moment. */
export async function rememberConsent(
  ctx: Pick<Context, "db" | "now">,
  clientId: string,
  userId: number,
  redirectUris: readonly string[],
): Promise<void> {
  const stored = {
    redirectUris: JSON.stringify(redirectUris),
    approvedAt: ctx.now,
  };
  await ctx.db
    .insert(oauthConsents)
    .values({ clientId, userId, ...stored })
    .onConflictDoUpdate({
      target: [oauthConsents.clientId, oauthConsents.userId],
      set: stored,
    });
}

/**
 * Whether the user's last approval of the client covered this redirect URI. No row (an approval
 * given before consents were remembered, or on another server): not covered, asked once again.
 */
export async function consentCovers(
  ctx: Pick<Context, "db">,
  clientId: string,
  userId: number,
  redirectUri: string,
): Promise<boolean> {
  const [consent] = await ctx.db
    .select({ redirectUris: oauthConsents.redirectUris })
    .from(oauthConsents)
    .where(
      and(
        eq(oauthConsents.clientId, clientId),
        eq(oauthConsents.userId, userId),
      ),
    )
    .limit(1);
  return (
    consent !== undefined &&
    readScopes(consent.redirectUris).includes(redirectUri)
  );
}
