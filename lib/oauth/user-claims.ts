import type { User } from "@/db/schema";
import { isUploadUri } from "@/lib/uploads/upload-uri";

// OpenID Connect Core §5.4: the standard claims each scope reveals, of those the users table
// holds (decision record 086) — no given or family name, no locale: they have no column here.

/** The claims each scope reveals; discovery's `claims_supported` names them. */
export const SCOPE_CLAIMS = {
  profile: ["name", "picture", "updated_at"],
  email: ["email", "email_verified"],
} as const;

/** The avatar an upload of this application holds, as an absolute address (§5.1 `picture`). */
function pictureOf(user: User, appUrl: string): string | undefined {
  const avatar = user.payload?.avatar;
  return isUploadUri(avatar) ? new URL(avatar, appUrl).toString() : undefined;
}

/**
 * The user's claims that `scopes` allow (`*` allows every one), for userinfo and the ID token
 * alike; a claim the user has no value for is left out.
 */
export function userClaims(
  user: User,
  scopes: readonly string[],
  appUrl: string,
): Record<string, string | number | boolean> {
  const allows = (scope: string) =>
    scopes.includes(scope) || scopes.includes("*");
  const claims: Record<string, string | number | boolean | undefined> = {};
  if (allows("profile")) {
    claims.name = user.name;
    claims.picture = pictureOf(user, appUrl);
    claims.updated_at =
      user.updatedAt === null
        ? undefined
        : Math.floor(user.updatedAt.getTime() / 1000);
  }
  if (allows("email")) {
    claims.email = user.email;
    claims.email_verified = user.emailVerifiedAt !== null;
  }
  return Object.fromEntries(
    Object.entries(claims).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number | boolean>;
}
