import "server-only";
import type { Context } from "@/lib/server/context";
import { hasValidLaravelSignature } from "@/lib/crypto/laravel-signed-urls";
import { forbidden, notFound } from "@/lib/http/errors";
import { isVerified } from "@/lib/policies/verified";
import { defineMiddleware, noArgs } from "@/lib/server/middleware";
import { INVITATION_SCREEN } from "@/lib/teams/invitation-endpoints";

/**
 * Laravel's `signed` middleware over the absolute URL (`ValidateSignature`), for links a Laravel
 * application mailed: 403 "Invalid signature." for a tampered or expired link, as Laravel's
 * InvalidSignatureException answers; a browser that followed it from a mail reads why on the
 * invitation screen instead (decision record 110). APP_URL's origin or the request's own.
 */
async function laravelSigned(ctx: Context): Promise<void> {
  const origins = [ctx.url.origin];
  if (ctx.env.APP_URL) origins.push(new URL(ctx.env.APP_URL).origin);
  if (hasValidLaravelSignature(ctx.env, ctx.url, origins, ctx.now)) return;
  if (ctx.wantsJson) throw forbidden("Invalid signature.");
  throw forbidden(INVALID_LINK).shownOn(INVITATION_SCREEN);
}

const INVALID_LINK =
  "This invitation link is invalid or has expired. Ask the team's owner to send it again.";

export const LARAVEL_SIGNED = defineMiddleware({
  parse: noArgs,
  run: laravelSigned,
});

/** Jetstream's `verified`: an account whose address is not proven (with `must-verify-email`) is refused. */
export const VERIFIED = defineMiddleware({
  parse: noArgs,
  async run(ctx: Context) {
    if (ctx.auth?.user && !isVerified(ctx, ctx.auth.user))
      throw forbidden("Your email address is not verified.");
  },
});

/** The team routes exist only where teams are on (Jetstream registers them with the feature). */
export const TEAMS_ON = defineMiddleware({
  parse: noArgs,
  async run(ctx: Context) {
    if (!ctx.config.teams.enabled) throw notFound();
  },
});
