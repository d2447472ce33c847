import "server-only";
import type { Context } from "@/lib/server/context";
import { isStatefulOrigin } from "@/lib/http/stateful";

/** Milliseconds the browser is given for a ceremony (laravel/passkeys-server's `timeout`). */
export const CEREMONY_TIMEOUT_MS = 60_000;

/** The relying party id: the host of APP_URL (laravel/passkeys-server's default). */
export function relyingPartyId(ctx: Context): string {
  return relyingPartyIdFor(ctx.env.APP_URL);
}

/** The same, from APP_URL alone: the screens are told it, to offer passkeys only where they work. */
export function relyingPartyIdFor(appUrl: string): string {
  return new URL(appUrl).hostname;
}

/**
 * The name an authenticator's prompt shows for this site: `passkeys.relying-party-name`, or the
 * relying party id when it is not set (decision record 070).
 */
export function relyingPartyName(ctx: Context): string {
  return ctx.config.passkeys["relying-party-name"] ?? relyingPartyId(ctx);
}

/**
 * Whether a ceremony may have happened on `origin` (from the client data): APP_URL's origin or
 * a stateful one (a SPA on another origin), and always on the relying party's domain, as a
 * browser requires (decision record 025).
 */
export function isExpectedOrigin(ctx: Context, origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  const rpId = relyingPartyId(ctx);
  const onRpDomain = host === rpId || host.endsWith(`.${rpId}`);
  return (
    onRpDomain &&
    (origin === new URL(ctx.env.APP_URL).origin ||
      isStatefulOrigin(ctx.services.stateful, origin))
  );
}
