import "server-only";
import Bowser from "bowser";
import { desc, eq } from "drizzle-orm";
import { type User, sessions } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { deriveKey, hmacHex } from "@/lib/crypto/secrets";
import { isLive } from "@/lib/server/session-validity";
import { parsePayload, type SignInMethod } from "@/lib/server/session-store";

/** A row of `GET user/sessions` (docs/second-factor-and-passkeys.md; decision record 024). */
type BrowserSession = {
  /** Opaque: an HMAC of the row's key, never the session id or its hash. */
  id: string;
  /** Browser and operating system read from the user agent (null when unknown). */
  browser: string | null;
  system: string | null;
  ip_address: string | null;
  signed_in_at: string | null;
  last_active: string;
  method: SignInMethod | null;
  current: boolean;
};

/** A listed session with what the API does not show: its row's key and its raw user agent. */
type SessionEntry = BrowserSession & {
  rowId: string;
  userAgent: string | null;
};

/** The opaque handle of a session row, stable while the row lives. */
export function sessionHandle(
  ctx: Pick<Context, "env">,
  rowId: string,
): string {
  return hmacHex(
    deriveKey(ctx.env.SESSION_SECRET, "session-handles"),
    rowId,
  ).slice(0, 32);
}

/** Browser and operating system read from a user agent, for people to read (null parts when unknown). */
export function describeAgent(userAgent: string | null): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent);
  const join = (...parts: (string | undefined)[]) =>
    parts.filter(Boolean).join(" ") || null;
  return {
    browser: join(parsed.browser.name, parsed.browser.version?.split(".")[0]),
    system: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}

/** "Chrome 140 on macOS": the device of the request, as people read it (translated). */
export function describeDevice(ctx: Pick<Context, "userAgent" | "t">): string {
  const agent = describeAgent(ctx.userAgent);
  return agent.browser && agent.system
    ? ctx.t(":browser on :system", {
        browser: agent.browser,
        system: agent.system,
      })
    : (agent.browser ?? agent.system ?? ctx.t("an unknown device"));
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The user's live sessions, most recently active first: rows still within their lifetime and
 * signed in with the current password (the others no longer sign anyone in). `current` marks the
 * caller's own session when it is one of them.
 */
export async function listSessions(
  ctx: Context,
  user: User,
  currentId: string | undefined,
): Promise<SessionEntry[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(desc(sessions.lastActivity));
  const now = Math.floor(ctx.now.getTime() / 1000);
  return rows.flatMap((row) => {
    const data = parsePayload(row.payload);
    if (
      !isLive(
        { data, lastActivity: row.lastActivity },
        user.password,
        ctx.env,
        now,
      )
    )
      return [];
    return [
      {
        rowId: row.id,
        userAgent: row.userAgent,
        id: sessionHandle(ctx, row.id),
        ...describeAgent(row.userAgent),
        ip_address: row.ipAddress,
        signed_in_at:
          data.signed_in_at === undefined ? null : iso(data.signed_in_at),
        last_active: iso(row.lastActivity),
        method: data.method ?? null,
        current: row.id === currentId,
      },
    ];
  });
}

/** The entries as the API shows them (without the row's key). */
export function presentSessions(entries: SessionEntry[]): BrowserSession[] {
  return entries.map(
    ({ rowId: _rowId, userAgent: _userAgent, ...entry }) => entry,
  );
}
