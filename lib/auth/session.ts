import "server-only";
import type { SQLWrapper } from "drizzle-orm";
import { sealData, unsealData } from "iron-session";
import type { Db } from "@/db/client";
import type { User } from "@/db/schema";
import type { Env } from "@/lib/env";
import { type CookieOptions, serializeCookie } from "@/lib/http/cookies";
import { randomToken, sha256Hex } from "@/lib/auth/secrets";
import { writeThrottle } from "@/lib/auth/write-throttle";
import {
  deleteSession,
  findSession,
  insertSession,
  type SessionData,
  type SessionRecord,
  touchSession,
  updateSession,
} from "@/lib/auth/session-store";

/** What the sealed cookie carries. The server-side row holds everything that decides access. */
type CookieState = { sid?: string; csrf: string; flash?: Record<string, unknown> };

export const XSRF_COOKIE = "XSRF-TOKEN";
export const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
// last_activity is refreshed at most this often, so reads stay reads; of concurrent requests
// that all see it stale, one writes it (issue 8).
const TOUCH_INTERVAL_SECONDS = 60;
const touches = writeThrottle(TOUCH_INTERVAL_SECONDS * 1000);

// Unsealing is crypto on libuv's thread pool; a seal we have already opened is looked up
// instead (bounded, insertion-ordered eviction). The promise is what is kept, so the requests a
// page fires at once with one new cookie share one unsealing (issue 8: 50 concurrent misses of
// one cookie stalled for seconds on PGlite). Invalid seals are not kept: anyone can make those.
const UNSEALED = new Map<string, Promise<CookieState | null>>();
const UNSEALED_MAX = 10_000;

async function openSeal(value: string, password: string): Promise<CookieState | null> {
  const state = await unsealData<Partial<CookieState>>(value, { password, ttl: 0 }).catch(() => null);
  if (!state || typeof state.csrf !== "string") {
    UNSEALED.delete(value);
    return null;
  }
  return { sid: typeof state.sid === "string" ? state.sid : undefined, csrf: state.csrf, flash: state.flash };
}

function unseal(value: string, password: string): Promise<CookieState | null> {
  const cached = UNSEALED.get(value);
  if (cached) return cached;
  if (UNSEALED.size >= UNSEALED_MAX) UNSEALED.delete(UNSEALED.keys().next().value as string);
  const opening = openSeal(value, password);
  UNSEALED.set(value, opening);
  return opening;
}

/** The flash data a session cookie carries (read by server components; the next API call clears it). */
export async function peekFlash(cookieValue: string | undefined, secret: string): Promise<Record<string, unknown>> {
  if (!cookieValue) return {};
  return (await unseal(cookieValue, secret))?.flash ?? {};
}

export function passwordFingerprint(passwordHash: string): string {
  return sha256Hex(`fingerprint:${passwordHash}`).slice(0, 32);
}

export type SessionDeps = {
  env: Env;
  db: Db;
  now: () => Date;
  ip: string;
  userAgent: string;
  /** False for a request from an origin that is not stateful: its cookie never signs anyone in. */
  stateful: boolean;
};

/**
 * The request's session: a sealed cookie (session id, CSRF token, flash) pointing at a row of
 * `sessions`. Deleting the row ends the session everywhere, whatever cookies were copied.
 */
export class Session {
  private state: CookieState;
  private changed = false;
  private record: Promise<SessionRecord | null> | undefined;
  private readonly hadCookie: boolean;

  private constructor(
    private readonly deps: SessionDeps,
    state: CookieState | null,
    private readonly incomingFlash: Record<string, unknown> | undefined,
  ) {
    this.hadCookie = state !== null;
    // A request without a session gets a CSRF token, but no cookie unless it is asked for or used.
    this.state = state ?? { csrf: randomToken(30) };
    if (state?.flash) {
      // Flash data lives for exactly one following request.
      this.state = { ...this.state, flash: undefined };
      this.changed = true;
    }
  }

  static async open(deps: SessionDeps, cookieValue: string | undefined): Promise<Session> {
    const state = cookieValue ? await unseal(cookieValue, deps.env.SESSION_SECRET) : null;
    return new Session(deps, state, state?.flash);
  }

  /** A session whose cookie is ignored (stateless requests): nothing is read or written. */
  static stateless(deps: SessionDeps): Session {
    return new Session(deps, null, undefined);
  }

  get csrfToken(): string {
    return this.state.csrf;
  }

  get hasCookie(): boolean {
    return this.hadCookie;
  }

  get id(): string | undefined {
    return this.state.sid ? sha256Hex(this.state.sid) : undefined;
  }

  flashed(key: string): unknown {
    return this.incomingFlash?.[key];
  }

  flash(key: string, value: unknown): void {
    this.state = { ...this.state, flash: { ...this.state.flash, [key]: value } };
    this.changed = true;
  }

  /** The signed-in user, or null. One query, memoized; an expired or stale session counts as none. */
  async user(): Promise<User | null> {
    return (await this.load())?.user ?? null;
  }

  async data(): Promise<SessionData | null> {
    return (await this.load())?.data ?? null;
  }

  private load(): Promise<SessionRecord | null> {
    this.record ??= this.fetch();
    return this.record;
  }

  private async fetch(): Promise<SessionRecord | null> {
    const id = this.id;
    if (!id || !this.deps.stateful) return null;
    const record = await findSession(this.deps.db, id);
    if (!record?.user) return null;
    const now = this.nowSeconds();
    const lifetime = record.data.remember ? REMEMBER_SECONDS : this.deps.env.SESSION_LIFETIME * 60;
    if (now - record.lastActivity > lifetime) return null;
    if (record.data.fingerprint !== passwordFingerprint(record.user.password)) return null;
    if (now - record.lastActivity > TOUCH_INTERVAL_SECONDS && touches.claim(id, now * 1000)) {
      await touchSession(this.deps.db, id, now, now - TOUCH_INTERVAL_SECONDS);
    }
    return record;
  }

  /**
   * Signs `user` in on a new session id and a new CSRF token (fixation-proof); the old row is
   * deleted. `alongside` writes go in the same statement as the new row (one round trip).
   */
  async login(user: User, options: { remember: boolean; impersonate_token?: string; alongside?: SQLWrapper[] }): Promise<void> {
    await this.dropRecord();
    const sid = randomToken(32);
    const data: SessionData = { fingerprint: passwordFingerprint(user.password), remember: options.remember };
    if (options.impersonate_token) data.impersonate_token = options.impersonate_token;
    await insertSession(this.deps.db, {
      id: sha256Hex(sid),
      userId: user.id,
      ip: this.deps.ip,
      userAgent: this.deps.userAgent,
      data,
      now: this.nowSeconds(),
    }, options.alongside);
    this.state = { sid, csrf: randomToken(30), flash: this.state.flash };
    this.record = Promise.resolve({ data, lastActivity: this.nowSeconds(), user });
    this.changed = true;
  }

  /** Ends the session server-side and starts a fresh guest session with a new CSRF token. */
  async logout(): Promise<void> {
    await this.dropRecord();
    this.state = { csrf: randomToken(30), flash: this.state.flash };
    this.record = Promise.resolve(null);
    this.changed = true;
  }

  /** Rewrites the server-side data of the current session (e.g. a refreshed password fingerprint). */
  async update(patch: Partial<SessionData>, user?: User): Promise<void> {
    const current = await this.load();
    const id = this.id;
    if (!current || !id) return;
    const data = { ...current.data, ...patch };
    await updateSession(this.deps.db, id, data, this.nowSeconds());
    this.record = Promise.resolve({ ...current, data, user: user ?? current.user });
  }

  private async dropRecord(): Promise<void> {
    const id = this.id;
    if (id) await deleteSession(this.deps.db, id);
  }

  private nowSeconds(): number {
    return Math.floor(this.deps.now().getTime() / 1000);
  }

  private cookieOptions(): CookieOptions {
    return { path: "/", sameSite: "Lax", secure: this.deps.env.secureCookies, domain: this.deps.env.SESSION_DOMAIN };
  }

  /** Set-Cookie values for the response: the sealed session and the XSRF-TOKEN the SPA echoes. */
  async setCookieHeaders(options: { forceXsrf?: boolean } = {}): Promise<string[]> {
    if (!this.changed && !options.forceXsrf) return [];
    // Loaded if need be: a response that re-sets the cookie (CSRF refresh, flash) must keep its lifetime.
    const remember = (await this.load())?.data.remember === true;
    const maxAge = remember ? REMEMBER_SECONDS : undefined;
    const base = this.cookieOptions();
    const sealed = await sealData(this.state, { password: this.deps.env.SESSION_SECRET, ttl: 0 });
    return [
      serializeCookie(this.deps.env.SESSION_COOKIE, sealed, { ...base, httpOnly: true, maxAge }),
      serializeCookie(XSRF_COOKIE, this.state.csrf, { ...base, httpOnly: false, maxAge }),
    ];
  }
}
