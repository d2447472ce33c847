import { type ActionMap, actionColumn } from "@/lib/contract/auth-actions";
import { EDITABLE_SETTING_KEYS } from "@/lib/config/auth-settings";

/**
 * Defaults of the auth configuration: docs/contract.md's configuration table plus the
 * keys docs/contract.md ("Runtime") adds. The one source of truth — the schema has no defaults.
 */
export const AUTH_DEFAULTS = {
  "user-class": "App\\Models\\User",
  "user-fillable": ["name", "email", "password", "payload"],
  "allow-registration": true,
  "allow-impersonate": true,
  "must-verify-email": true,
  admins: [] as string[],
  password: {
    length: 8,
    uppercase: false,
    number: false,
    uncompromised: false,
  },
  /** The Pwned Passwords range API `password.uncompromised` asks (decision record 089). */
  "pwned-passwords": {
    url: "https://api.pwnedpasswords.com",
    "timeout-ms": 3000,
  },
  frontend: { "reset-password": "auth/reset-password/{token}/{email}" },
  routes: {
    active: true,
    as: "auth.",
    prefix: "auth",
    // The table's defaults (lib/contract/auth-actions.ts): one row per action holds them all.
    uris: actionColumn("uri"),
    names: actionColumn("name"),
    middlewares: Object.fromEntries(
      Object.entries(actionColumn("middleware")).map(([action, list]) => [
        action,
        [...list],
      ]),
    ) as ActionMap<string[]>,
    redirects: actionColumn("redirect"),
  },
  /**
   * Named limiters for `throttle:<name>` (docs/configuration.md "Limits" says why each default): per client
   * address, per target email, or per signed-in user. A rule with `valid-only` counts only the
   * requests whose input passed validation, so typos do not use up a person's own address
   * (decision record 069); the per-address rules count everything.
   */
  limiters: {
    login: [{ by: "ip", max: 20, minutes: 1 }],
    register: [
      { by: "ip", max: 5, minutes: 10 },
      { by: "email", max: 3, minutes: 60, "valid-only": true },
    ],
    "forgot-password": [
      { by: "ip", max: 5, minutes: 1 },
      { by: "email", max: 3, minutes: 15, "valid-only": true },
    ],
    password: [{ by: "user", max: 6, minutes: 1 }],
    // Sign-in links asked for, as forgot-password's; codes and links tried, beside the account's
    // lockout (decision record 088).
    passwordless: [
      { by: "ip", max: 5, minutes: 1 },
      { by: "email", max: 3, minutes: 15, "valid-only": true },
    ],
    "passwordless-verify": [{ by: "ip", max: 20, minutes: 1 }],
    credentials: [{ by: "email", max: 10, minutes: 10, "valid-only": true }],
    // Beside the 5 attempts per pending sign-in and the account's lockout (decision record 023).
    "two-factor": [{ by: "ip", max: 20, minutes: 1 }],
    // Dynamic OAuth client registration is open to anyone (RFC 7591; decision record 052).
    "oauth-register": [
      { by: "ip", max: 10, minutes: 1 },
      { by: "ip", max: 100, minutes: 1440 },
    ],
    // The token endpoint, Passport's `throttle` (60 a minute) per address; its counts go in the
    // endpoint's own statement (decision record 104). Introspection, which a resource server may
    // call on every request it serves, counts the requests it refuses (a wrong client secret,
    // no token): an accepted one writes nothing (decision record 116).
    "oauth-token": [{ by: "ip", max: 60, minutes: 1 }],
    "oauth-introspect": [
      { by: "ip", max: 60, minutes: 1, "refused-only": true },
    ],
    // Invitations mail strangers: a few a minute, and a day's worth, per inviting account (record 087).
    "team-invitations": [
      { by: "user", max: 10, minutes: 1 },
      { by: "user", max: 100, minutes: 1440 },
    ],
  } as Record<
    string,
    {
      by: "ip" | "email" | "user";
      max: number;
      minutes: number;
      "valid-only"?: boolean;
      "refused-only"?: boolean;
    }[]
  >,
  limits: {
    "login-attempts": 5,
    "login-decay-seconds": 60,
    "account-failures-before-delay": 10,
    "account-max-delay-seconds": 900,
    "impersonation-token-ttl": 120,
    "impersonation-max-duration": 7200,
  },
  verification: { expire: 60 },
  /** Sign-in by an emailed link or code (decision record 088): off until turned on. */
  features: { passwordless: false },
  /**
   * Proof-of-work challenges (decision record 108): off until turned on. 50,000 is about a
   * second of a phone's work at worst; a challenge lasts five minutes; the sign-in asks for one
   * after 3 failures from one address within an hour.
   */
  challenge: {
    enabled: false,
    "max-number": 50_000,
    "expire-seconds": 300,
    "sign-in-after-failures": 3,
    "failure-minutes": 60,
  },
  /**
   * Minutes a sign-in link and its six-digit code last; after `lockout-failures` wrong codes the
   * account takes none for `lockout-minutes` and its link in flight ends.
   */
  passwordless: { expire: 10, "lockout-failures": 5, "lockout-minutes": 15 },
  /**
   * The sign-in history (rappasoft/laravel-authentication-log's table; decision record 095): a
   * sign-in from a device the account has not signed in from mails its owner (on, as the package
   * has it), with a "this was not me" link that lasts `not-me-expire` minutes. Rows older than
   * `purge-days` are pruned (the package's `purge`, 365).
   */
  "authentication-log": {
    "new-device-mail": true,
    "not-me-expire": 1440,
    "purge-days": 365,
  },
  /** `confirm-timeout`: seconds a password confirmation lasts (Laravel's `auth.password_timeout`; decision record 024). */
  passwords: { expire: 60, "confirm-timeout": 10_800 },
  /**
   * The second factor (decision record 023): who must enrol (`none`, `admins`, `everyone`), the
   * issuer shown by authenticator apps, and the account's lockout after consecutive failures.
   */
  "two-factor": {
    required: "none" as "none" | "admins" | "everyone",
    issuer: "Next Laravel Auth",
    "challenge-attempts": 5,
    "lockout-failures": 10,
    "lockout-minutes": 15,
  },
  /** What an authenticator's passkey prompt names this site; null: the relying party id, APP_URL's host (decision record 070). */
  passkeys: { "relying-party-name": null as string | null },
  hashing: { rounds: 12 },
  /** Per user: one photo, and room to try a few before one is set (docs/configuration.md, the configuration table). */
  uploads: {
    "max-kilobytes": 5120,
    "max-files": 10,
    "max-total-kilobytes": 20_480,
  },
  /**
   * How long what is spent stays before the pruning task (decision record 015) removes it: hours
   * after a row expired, days for failed mail; uploads no user references after `uploads-hours`.
   */
  retention: {
    "prune-every-minutes": 60,
    "sessions-hours": 24,
    "rate-limits-hours": 1,
    "reset-tokens-hours": 24,
    "tokens-hours": 24,
    "uploads-hours": 24,
    "failed-mail-days": 7,
    /** An account its owner deleted is purged this long after, unless restored (decision record 021). */
    "deleted-accounts-days": 30,
    /** The webhook delivery log (decision record 022). */
    "webhook-deliveries-days": 30,
  },
  /** Decision record 022: endpoints on private, loopback or link-local addresses are refused unless allowed. */
  webhooks: { "allow-private-addresses": false },
  /**
   * Personal access tokens (decision record 045): the secret's prefix (with Sanctum's crc32b
   * checksum after it), the longest lifetime a new token may ask for (0: no maximum), whether a
   * token must expire, how often last_used_at is written, after how many days without use a
   * token is revoked by the pruning task (0: never), and whether a password change also ends the
   * account's tokens (a reset always does; Sanctum keeps them on a change, so off by default;
   * decision record 028).
   */
  tokens: {
    prefix: "nla_",
    "max-lifetime-days": 0,
    "require-expiry": false,
    "last-used-interval-seconds": 60,
    "revoke-unused-days": 0,
    "revoke-on-password-change": false,
  },
  /**
   * Dynamic OAuth client registration (decision record 052): the redirect URIs a registered
   * client may use ("*": any, as Laravel MCP's default; else URL prefixes such as
   * "https://claude.ai/"; loopback addresses are allowed once any loopback entry is listed), the
   * scopes it may ask for, and after how many days without use it is deleted (0: never).
   */
  oauth: {
    /** Passport's route prefix (`passport.path`): the OAuth endpoints are served under `/<path>/`. */
    path: "oauth",
    "redirect-domains": ["*"],
    "registration-scopes": ["openid", "profile", "email", "user:write"],
    "registered-client-unused-days": 30,
    /**
     * OAuth 2.1 (decision record 081): PKCE with S256 for every client. false lets a confidential
     * client of Passport's days omit it or use `plain`; a public client always needs S256.
     */
    "require-pkce-for-confidential-clients": true,
    /** Lifetimes of the access and refresh tokens issued here (Passport's were a year each; record 081). */
    "access-token-minutes": 60,
    "refresh-token-days": 30,
    /** Client ID Metadata Documents on private addresses (decision record 102): refused, as webhooks'. */
    "client-metadata-allow-private-addresses": false,
  },
  /**
   * Teams on Jetstream's tables (decision record 087): off until enabled; the roles are the ones
   * Jetstream's stub service provider declares; a member cap and a pending-invitation cap per
   * team; an invitation link opens for `invitation-days` after it was made.
   */
  teams: {
    enabled: false,
    personal: true,
    invitations: true,
    roles: [
      {
        key: "admin",
        name: "Administrator",
        permissions: ["create", "read", "update", "delete"],
        description: "Administrator users can perform any action.",
      },
      {
        key: "editor",
        name: "Editor",
        permissions: ["read", "create", "update"],
        description:
          "Editor users have the ability to read, create, and update.",
      },
    ],
    "max-members": 100,
    "max-pending-invitations": 50,
    "invitation-days": 7,
  },
  /** Keys (or key prefixes) administrators may change at run time: those declared in lib/config/auth-settings.ts. */
  "editable-settings": EDITABLE_SETTING_KEYS,
};
