import "server-only";
import type { FeatureManifest } from "@/lib/server/feature";
import { ACCOUNT } from "@/lib/account/manifest";
import { ADMIN } from "@/lib/admin/manifest";
import { AUTHENTICATION_LOG } from "@/lib/authentication-log/manifest";
import { AUTH } from "@/lib/auth/manifest";
import { EXTENSIONS } from "@/lib/extensions";
import { MAIL } from "@/lib/mail/manifest";
import { OAUTH } from "@/lib/oauth/manifest";
import { OPERATIONS } from "@/lib/operations/manifest";
import { PASSKEYS } from "@/lib/passkeys/manifest";
import { SESSIONS } from "@/lib/sessions/manifest";
import { SETTINGS } from "@/lib/settings/manifest";
import { TEAMS } from "@/lib/teams/manifest";
import { UPLOADS } from "@/lib/uploads/manifest";
import { USERS } from "@/lib/users/manifest";
import { WEBHOOKS } from "@/lib/webhooks/manifest";

/**
 * Every feature of the application, each one manifest (lib/<feature>/manifest.ts; decision
 * record 064). The composition root walks this list and nothing else: a new feature is its folder
 * plus one line here. The order is the order pruners run in (a purged account's photo is no one's
 * once `users` has run, so `uploads` prunes it the same run) and the order of the host routes in
 * the API description; the application's own extensions come last.
 */
export const FEATURES = [
  AUTH,
  SESSIONS,
  PASSKEYS,
  MAIL,
  USERS,
  TEAMS,
  ACCOUNT,
  AUTHENTICATION_LOG,
  ADMIN,
  SETTINGS,
  OPERATIONS,
  WEBHOOKS,
  OAUTH,
  UPLOADS,
  EXTENSIONS,
] as const satisfies readonly FeatureManifest[];

/** One field of every manifest, in the order of FEATURES. */
export function collected<K extends keyof FeatureManifest>(
  key: K,
): NonNullable<FeatureManifest[K]>[] {
  return (FEATURES as readonly FeatureManifest[]).flatMap((feature) =>
    feature[key] === undefined ? [] : [feature[key]],
  );
}
