import "server-only";
import type { AuthState, Context } from "@/lib/server/context";
import { findBearerUser } from "@/lib/auth/tokens";
import { admitToken } from "@/lib/auth/token-admission";
import { recordTokenUse } from "@/lib/auth/token-usage";

/** A JWT (an OAuth access token): three base64url segments, the header's JSON opening `{"`. A personal access token never has a dot. */
const JWT_BEARER =
  /^Bearer\s+(eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i;

/**
 * The session-or-token guard (Sanctum's): the session's user first, else the bearer token's — a
 * personal access token, or an OAuth access token (a JWT, checked by lib/oauth through the services).
 * Memoized on the context, so a request resolves its user once.
 */
export async function resolveAuth(ctx: Context): Promise<AuthState> {
  if (ctx.auth) return ctx.auth;
  const sessionUser = await ctx.session.user();
  if (sessionUser) {
    ctx.auth = {
      user: sessionUser,
      via: "session",
      token: null,
      pendingEmail: await ctx.session.pendingEmail(),
    };
    return ctx.auth;
  }
  const header = ctx.request.headers.get("authorization");
  const jwt = JWT_BEARER.exec(header ?? "")?.[1];
  const jwtBearer = ctx.services.application.jwtBearer;
  if (jwt && jwtBearer) {
    ctx.auth = (await jwtBearer(ctx, jwt)) ?? {
      user: null,
      via: null,
      token: null,
    };
    return ctx.auth;
  }
  const bearer = await findBearerUser(
    ctx.db,
    ctx.config["user-class"],
    header,
    ctx.now,
    ctx.config.tokens.prefix,
  );
  if (bearer) {
    // The token's own address list and limits (decision record 045), then its use, written
    // after the response at most once per interval.
    await admitToken(
      ctx.db,
      {
        tokenId: bearer.token.id,
        tokenHash: bearer.token.token,
        userId: bearer.user.id,
        ip: ctx.ip,
        now: ctx.now,
      },
      bearer.settings,
    );
    recordTokenUse(ctx.db, {
      tokenId: bearer.token.id,
      at: ctx.now,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      intervalSeconds: ctx.config.tokens["last-used-interval-seconds"],
    });
  }
  ctx.auth = bearer
    ? {
        user: bearer.user,
        via: "token",
        token: bearer.token,
        pendingEmail: bearer.pendingEmail,
        replacedBy: bearer.settings?.replacedBy ?? null,
      }
    : { user: null, via: null, token: null };
  return ctx.auth;
}

/** The session guard alone (`auth:web`, `guest`). */
export async function resolveSessionAuth(ctx: Context): Promise<AuthState> {
  const user = await ctx.session.user();
  return { user, via: user ? "session" : null, token: null };
}
