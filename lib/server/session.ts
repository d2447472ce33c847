// Over 300 lines on purpose: one class, the request's session, whose state (the cookie, the loaded
// row, the impersonation watch) its methods share. What stands apart is already apart: the sealed
// cookie (session-cookie.ts), the lifetime rules (session-validity.ts), the rows (session-store.ts).
// Splitting the class itself would scatter one object's private state (decision record 064).
import "server-only";
import type { SQLWrapper } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { User } from "@/db/schema";
import type { Env } from "@/lib/env";
import { randomToken, sha256Hex } from "@/lib/crypto/secrets";
import {
  type CookieState,
  openSessionCookie,
  sessionCookieHeaders,
} from "@/lib/server/session-cookie";
import {
  claimTouch,
  isLive,
  passwordFingerprint,
  REMEMBER_SECONDS,
  TOUCH_INTERVAL_SECONDS,
} from "@/lib/server/session-validity";
import {
  deleteSession,
  findSession,
  insertSession,
  type SessionData,
  type SessionRecord,
  type SignInMethod,
  touchSession,
  updateSession,
} from "@/lib/server/session-store";

/** An impersonation starting (GET impersonate/{token}): the token, its requester, and when it was requested (ms). */
export type Impersonating = { token: string; requester: User; at: number };

export type SessionDeps = {
  env: Env;
  db: Db;
  now: () => Date;
  ip: string;
  userAgent: string;
  /** False for a request from an origin that is not stateful: its cookie never signs anyone in. */
  stateful: boolean;
  /** `user-class`: the `user_type` of the user's pending address. */
  userClass: string;
};

type SignedIn = SessionRecord & { user: User };
/** A loaded row; `ended` says why its impersonation is over when the endpoint answers that itself. */
type LoadedRecord = SessionRecord & { ended?: string };

/** Judges an impersonating session on every load of its row (lib/auth/impersonation-watch.ts). */
export type ImpersonationWatch = {
  /** Why the impersonation is over (a reason for the audit trail), or null while it may go on. */
  over(record: SignedIn): Promise<string | null>;
  /** True when this request's endpoint answers an ended impersonation itself (revert-impersonate). */
  answersEnded(): boolean;
  /** After this request deleted the row of an impersonation that was over. */
  ended(record: SignedIn, reason: string): Promise<void>;
};

/**
 * The request's session: a sealed cookie (session id, CSRF token, flash) pointing at a row of
 * `sessions`. Deleting the row ends the session everywhere, whatever cookies were copied.
 */
export class Session {
  private state: CookieState;
  private changed = false;
  private record: Promise<LoadedRecord | null> | undefined;
  private readonly hadCookie: boolean;
  private watch: ImpersonationWatch | undefined;

  private constructor(
    private readonly deps: SessionDeps,
    state: CookieState | null,
    private readonly incomingFlash: Record<string, unknown> | undefined,
  ) {
    this.hadCookie = state !== null;
    // A request without a session gets a CSRF token, but no cookie unless it is asked for or used;
    // it is drawn when first needed (decision record 018: a guest's get-auth never needs it).
    this.state = state ?? { csrf: "" };
    if (state?.flash) {
      // Flash data lives for exactly one following request.
      this.state = { ...this.state, flash: undefined };
      this.changed = true;
    }
  }

  static async open(
    deps: SessionDeps,
    cookieValue: string | undefined,
  ): Promise<Session> {
    const state = cookieValue
      ? await openSessionCookie(cookieValue, deps.env.SESSION_SECRET)
      : null;
    return new Session(deps, state, state?.flash);
  }

  /** A session whose cookie is ignored (stateless requests): nothing is read or written. */
  static stateless(deps: SessionDeps): Session {
    return new Session(deps, null, undefined);
  }

  get csrfToken(): string {
    if (this.state.csrf === "")
      this.state = { ...this.state, csrf: randomToken(30) };
    return this.state.csrf;
  }

  get hasCookie(): boolean {
    return this.hadCookie;
  }

  /** The client's address, read once when the request's session was opened (rows record it). */
  get clientIp(): string {
    return this.deps.ip;
  }

  get id(): string | undefined {
    return this.state.sid ? sha256Hex(this.state.sid) : undefined;
  }

  /**
   * A stable key of this session for state kept server-side (WebAuthn challenges, decision
   * record 025): the session id's when signed in, else the CSRF token's. A guest without a
   * cookie gets one, so the next request is the same session.
   */
  bindingKey(): string {
    if (!this.hadCookie) this.changed = true;
    // Through the getter: a guest's CSRF token is drawn lazily, and the one drawn here is the one
    // the cookie carries to the next request.
    return sha256Hex(
      this.state.sid ? `sid:${this.state.sid}` : `csrf:${this.csrfToken}`,
    );
  }

  flashed(key: string): unknown {
    return this.incomingFlash?.[key];
  }

  flash(key: string, value: unknown): void {
    this.state = {
      ...this.state,
      flash: { ...this.state.flash, [key]: value },
    };
    this.changed = true;
  }

  /** The token of the sign-in this browser has pending a second factor (decision record 023). */
  get pendingSignIn(): string | undefined {
    return this.state.pending;
  }

  /** Holds (or, with undefined, drops) a pending sign-in's token in this browser's sealed cookie. */
  holdPendingSignIn(token: string | undefined): void {
    this.state = { ...this.state, pending: token };
    this.changed = true;
  }

  /**
   * Laravel's `url.intended`: where this browser goes on once its address is proven (decision
   * record 110). Kept through a sign-in, as Laravel's session migration keeps it.
   */
  get intended(): string | undefined {
    return this.state.intended;
  }

  /** Remembers (or, with undefined, forgets) the intended path. */
  keepIntended(path: string | undefined): void {
    this.state = { ...this.state, intended: path };
    this.changed = true;
  }

  /** The signed-in user, or null. One query, memoized; an expired or stale session counts as none. */
  async user(): Promise<User | null> {
    return (await this.load())?.user ?? null;
  }

  /** The signed-in user's address awaiting confirmation, from the same query as `user()`. */
  async pendingEmail(): Promise<string | null> {
    return (await this.load())?.pendingEmail ?? null;
  }

  async data(): Promise<SessionData | null> {
    return (await this.load())?.data ?? null;
  }

  /** Who started the impersonation this session is, and their row (null once soft-deleted). */
  async impersonator(): Promise<{ id: number | null; user: User | null }> {
    const record = await this.load();
    return {
      id: record?.impersonatorId ?? null,
      user: record?.requester ?? null,
    };
  }

  /** Set per request: without a watch, an impersonating session counts as none. */
  watchImpersonation(watch: ImpersonationWatch): void {
    this.watch = watch;
  }

  /** Why this session's impersonation is over, when the endpoint was left to answer it (`answersEnded`). */
  async endedImpersonation(): Promise<string | null> {
    return (await this.load())?.ended ?? null;
  }

  private load(): Promise<LoadedRecord | null> {
    this.record ??= this.fetch();
    return this.record;
  }

  private async fetch(): Promise<LoadedRecord | null> {
    const id = this.id;
    if (!id || !this.deps.stateful) return null;
    const found = await findSession(this.deps.db, id, this.deps.userClass);
    if (!found?.user) return null;
    const record: SignedIn = { ...found, user: found.user };
    const now = this.nowSeconds();
    if (!isLive(record, record.user.password, this.deps.env, now)) return null;
    // Decision record 008: an impersonation ends when its conditions end, on any request.
    if (record.data.impersonate_token) {
      const judged = await this.judgeImpersonation(record);
      if (judged !== record) return judged;
    }
    if (claimTouch(id, record.lastActivity, now))
      await touchSession(this.deps.db, id, now, now - TOUCH_INTERVAL_SECONDS);
    return record;
  }

  private async judgeImpersonation(
    record: SignedIn,
  ): Promise<LoadedRecord | null> {
    if (!this.watch) return null;
    const reason = await this.watch.over(record);
    if (!reason) return record;
    if (this.watch.answersEnded()) return { ...record, ended: reason };
    if (await this.end()) await this.watch.ended(record, reason);
    return null;
  }

  /**
   * Signs `user` in on a new session id and a new CSRF token (fixation-proof); the old row is
   * deleted. `alongside` writes go in the same statement as the new row (one round trip).
   */
  async login(
    user: User,
    options: {
      remember: boolean;
      method?: SignInMethod;
      /** RFC 8176's methods the sign-in proved; left out by an impersonation, which proves none. */
      amr?: string[];
      impersonating?: Impersonating;
      alongside?: SQLWrapper[];
    },
  ): Promise<void> {
    await this.dropRecord();
    const sid = randomToken(32);
    const now = this.nowSeconds();
    const data: SessionData = {
      fingerprint: passwordFingerprint(user.password),
      remember: options.remember,
      method: options.method,
      signed_in_at: now,
      ...(options.amr === undefined ? {} : { amr: options.amr }),
    };
    const { impersonating } = options;
    if (impersonating) {
      data.impersonate_token = impersonating.token;
      data.impersonation = {
        at: impersonating.at,
        fingerprint: passwordFingerprint(impersonating.requester.password),
      };
    }
    await insertSession(
      this.deps.db,
      {
        id: sha256Hex(sid),
        userId: user.id,
        impersonatorId: impersonating?.requester.id,
        ip: this.deps.ip,
        userAgent: this.deps.userAgent,
        data,
        now,
      },
      options.alongside,
    );
    this.state = {
      sid,
      csrf: randomToken(30),
      flash: this.state.flash,
      intended: this.state.intended,
    };
    const requester = impersonating?.requester ?? null;
    this.record = Promise.resolve({
      data,
      lastActivity: this.nowSeconds(),
      user,
      impersonatorId: requester?.id ?? null,
      requester,
    });
    this.changed = true;
  }

  /**
   * Ends the session server-side and starts a fresh guest session with a new CSRF token; false
   * when the row was already gone (another request ended it first).
   */
  async logout(): Promise<boolean> {
    const ended = await this.end();
    this.record = Promise.resolve(null);
    return ended;
  }

  private async end(): Promise<boolean> {
    const ended = await this.dropRecord();
    this.state = { csrf: randomToken(30), flash: this.state.flash };
    this.changed = true;
    return ended;
  }

  /** Rewrites the server-side data of the current session (e.g. a refreshed password fingerprint). */
  async update(patch: Partial<SessionData>, user?: User): Promise<void> {
    const current = await this.load();
    const id = this.id;
    if (!current || !id) return;
    const data = { ...current.data, ...patch };
    await updateSession(this.deps.db, id, data, this.nowSeconds());
    this.record = Promise.resolve({
      ...current,
      data,
      user: user ?? current.user,
    });
  }

  private async dropRecord(): Promise<boolean> {
    const id = this.id;
    return id ? deleteSession(this.deps.db, id) : false;
  }

  private nowSeconds(): number {
    return Math.floor(this.deps.now().getTime() / 1000);
  }

  /** Set-Cookie values for the response: the sealed session and the XSRF-TOKEN the SPA echoes. */
  async setCookieHeaders(
    options: { forceXsrf?: boolean } = {},
  ): Promise<string[]> {
    if (!this.changed && !options.forceXsrf) return [];
    // Loaded if need be: a response that re-sets the cookie (CSRF refresh, flash) must keep its lifetime.
    const remember = (await this.load())?.data.remember === true;
    // Through the getter: a guest's token is drawn now if no one asked for it yet.
    const csrf = this.csrfToken;
    return sessionCookieHeaders(
      this.deps.env,
      { ...this.state, csrf },
      remember ? REMEMBER_SECONDS : undefined,
    );
  }
}
