import "server-only";
import { deriveKey } from "@/lib/crypto/secrets";
import { sealValue, unsealValue } from "@/lib/crypto/sealed";
import type { Context } from "@/lib/server/context";
import {
  FRESH_SIGN_IN_SECONDS,
  type SessionData,
} from "@/lib/server/session-store";

// OpenID Connect Core §3.1.2.1's `prompt=login` and `max_age` against the session's proven
// sign-in (decision record 086): the sign-in screen is shown again, and the request comes back
// carrying a sealed note of when it asked, so the new sign-in satisfies it without a loop.

/** The query parameter of the note; the sign-in screen's own flag is `prompt=login`. */
const NOTE = "fresh_sign_in";

type Note = { at: number; client: string };

const notePassword = (ctx: Pick<Context, "env">) =>
  deriveKey(ctx.env.SESSION_SECRET, "oauth-fresh-sign-in");

const nowSeconds = (ctx: Pick<Context, "now">) =>
  Math.floor(ctx.now.getTime() / 1000);

/** A session's sign-in as OpenID may claim it: when, and how (null when no sign-in proved it). */
export type ProvenSignIn = { authTime: number; amr: string[] };

/**
 * The sign-in a session proves: its time and methods, written together by a sign-in whose every
 * factor was given (lib/auth/two-factor/sign-in.ts). An impersonation, or a session from before
 * `amr` was kept, proves none.
 */
export function provenSignIn(data: SessionData | null): ProvenSignIn | null {
  if (data?.signed_in_at === undefined || data.amr === undefined) return null;
  return { authTime: data.signed_in_at, amr: data.amr };
}

/** The space-separated `prompt` values. */
export function promptValues(params: URLSearchParams): string[] {
  return (params.get("prompt") ?? "").split(" ").filter(Boolean);
}

/** `max_age` in seconds, when the request sets one (a value that is not a count reads as 0: the strictest). */
function maxAge(params: URLSearchParams): number | null {
  const value = params.get("max_age");
  if (value === null || value === "") return null;
  return /^\d{1,10}$/.test(value) ? Number(value) : 0;
}

async function openNote(
  ctx: Pick<Context, "env">,
  params: URLSearchParams,
): Promise<Note | null> {
  const sealed = params.get(NOTE);
  if (!sealed) return null;
  const note = (await unsealValue(
    sealed,
    notePassword(ctx),
    FRESH_SIGN_IN_SECONDS,
  )) as Note | null;
  return note && note.client === params.get("client_id") ? note : null;
}

/**
 * Whether the request asks for a sign-in newer than the session's: `prompt=login`, or a
 * `max_age` the proven sign-in is older than (or no proven sign-in at all). A request back from
 * the sign-in it asked for (its note older than the session's sign-in) asks nothing more.
 */
export async function needsFreshSignIn(
  ctx: Pick<Context, "env" | "now">,
  params: URLSearchParams,
  proven: ProvenSignIn | null,
): Promise<boolean> {
  const limit = maxAge(params);
  // Core 1.0 (errata set 2) §3.1.2.1: `max_age=0` is `prompt=login`, whatever the second.
  const tooOld =
    limit !== null &&
    (proven === null ||
      limit === 0 ||
      nowSeconds(ctx) - proven.authTime > limit);
  if (!tooOld && !promptValues(params).includes("login")) return false;
  const note = await openNote(ctx, params);
  return !(note && proven && proven.authTime >= note.at);
}

/**
 * Asks for the fresh sign-in: the session may use the sign-in routes again for a while (the
 * `guest` middleware), and the sign-in screen is told why; it returns to `authorizePath` with
 * the request and the sealed note. The address, absolute: the consent screen goes there as to
 * any address it is answered with.
 */
export async function askForFreshSignIn(
  ctx: Context,
  params: URLSearchParams,
  authorizePath: string,
): Promise<string> {
  const at = nowSeconds(ctx);
  await ctx.session.update({ fresh_sign_in_asked_at: at });
  const back = new URLSearchParams(params);
  back.set(
    NOTE,
    await sealValue(
      { at, client: params.get("client_id") ?? "" } satisfies Note,
      notePassword(ctx),
      FRESH_SIGN_IN_SECONDS,
    ),
  );
  const login = new URL("/auth/login", ctx.env.APP_URL);
  login.searchParams.set("prompt", "login");
  login.searchParams.set("redirect", `${authorizePath}?${back.toString()}`);
  return login.toString();
}
