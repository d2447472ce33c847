import "server-only";
import type { Db } from "@/db/client";
import type { PersonalAccessToken, User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import type { CompiledRoute } from "@/lib/server/match";
import type { Session } from "@/lib/server/session";
import type { Env } from "@/lib/env";
import { type Input, readInput, wantsJson } from "@/lib/http/request";
import {
  type Locale,
  type Replacements,
  negotiateLocale,
  translate,
} from "@/lib/i18n/catalog";
import type { Services } from "@/lib/server/services";
import { unauthenticated } from "@/lib/http/errors";
import type { CredentialChange } from "@/lib/server/credential-guard";

export type AuthState = {
  user: User | null;
  via: "session" | "token" | null;
  token: PersonalAccessToken | null;
  /** The OAuth access token behind a JWT bearer (lib/oauth): its scopes are checked as abilities. */
  oauthToken?: {
    id: string;
    clientId: string;
    abilities: string | null;
    /**
     * Held by a third-party app (any client but Passport's personal access and password-grant
     * clients, which the owner made or typed the password into): it reaches a route only
     * through a scope the route's row names, reads included (decision record 082).
     */
    app: boolean;
  };
  /** The user's address awaiting confirmation, when the guard read it (get-auth's one statement). */
  pendingEmail?: string | null;
  /** The personal access token's successor once it was rolled (decision record 045), read with the token. */
  replacedBy?: number | null;
};

/**
 * A limiter's count that this request owes, left for the endpoint's first statement to carry
 * (decision record 104): `key` counted over `decaySeconds`, refused past `max`. `count` sends it
 * alone (the seconds until its window closes when over the limit, else 0), for whatever the
 * endpoint did not carry.
 */
export type CarriedHit = {
  key: string;
  decaySeconds: number;
  max: number;
  /** A `refused-only` rule's: the statement reads its window, and the refusal counts it (record 116). */
  readOnly: boolean;
  count(): Promise<number>;
};

/** Everything an endpoint or middleware may use. Built once per request by the pipeline. */
export type Context = {
  request: Request;
  url: URL;
  services: Services;
  env: Env;
  config: AuthConfig;
  db: Db;
  now: Date;
  locale: Locale;
  ip: string;
  userAgent: string;
  wantsJson: boolean;
  /** The matched auth route (null on host routes). */
  route: CompiledRoute | null;
  /** Full route name (`auth.login`, `api.app.user.update`), for throttling and logs. */
  routeName: string | null;
  /** A host route's redirect target for browsers (auth routes use their configured one). */
  redirectTarget: string | null;
  params: Record<string, string>;
  /** Set by the `web` middleware; stateless requests get a session that reads and writes nothing. */
  session: Session;
  /** Set by the guard (`auth` middleware, or get-auth): who is calling and how. */
  auth: AuthState | null;
  /** Set-Cookie values for whatever response the request ends with, an error's included (Laravel's Cookie::queue). */
  queuedCookies: string[];
  /**
   * Who acts when the session is an administrator's impersonation (set by the pipeline after the
   * middleware): the activity log names them as causer (decision record 028).
   */
  impersonatorId: number | null;
  /**
   * Work a middleware defers until the input has passed validation (a limiter rule that counts
   * only valid requests: decision record 069); run in order by lib/server/validate-input.ts.
   */
  afterValidation: (() => Promise<void>)[];
  /**
   * Counts a limiter rule defers until the request is refused (`refused-only`, decision record
   * 116); run by lib/server/pipeline.ts when the answer is a 4xx other than 429.
   */
  onRefusal: (() => Promise<void>)[];
  /**
   * The limiter counts left for the endpoint's statement when it carries them
   * (`Endpoint.carriesLimiterHits`, decision record 104); null: every limiter counts at once.
   */
  carriedHits: CarriedHit[] | null;
  /** The endpoint's word on what it changed, for its class's notice to the owner (lib/server/credential-guard.ts). */
  credentialChange?: CredentialChange | null;
  t(key: string, replacements?: Replacements): string;
  input(): Promise<Input>;
  requireUser(): User;
};

export function createContext(
  request: Request,
  services: Services,
  session: Session,
  bodyLimit?: number,
): Context {
  const url = new URL(request.url);
  const locale = negotiateLocale(request.headers.get("accept-language"));
  let input: Promise<Input> | undefined;
  const ctx: Context = {
    request,
    url,
    services,
    env: services.env,
    config: services.config,
    db: services.database.db,
    now: services.now(),
    locale,
    ip: session.clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    wantsJson: wantsJson(request),
    route: null,
    routeName: null,
    redirectTarget: null,
    params: {},
    session,
    auth: null,
    queuedCookies: [],
    afterValidation: [],
    onRefusal: [],
    carriedHits: null,
    impersonatorId: null,
    t: (key, replacements) => translate(locale, key, replacements),
    input: () => (input ??= readInput(request, bodyLimit)),
    requireUser() {
      if (!ctx.auth?.user) throw unauthenticated();
      return ctx.auth.user;
    },
  };
  services.application.prepareContext(ctx);
  return ctx;
}
