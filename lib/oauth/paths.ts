/**
 * The OAuth routes' paths as they are declared (Passport's default `oauth` prefix): what the
 * server publishes goes through lib/oauth/path-prefix.ts `toPublicPath` first.
 */
export const OAUTH_PATHS = {
  token: "/oauth/token",
  authorize: "/oauth/authorize",
  jwks: "/oauth/jwks",
  userinfo: "/oauth/userinfo",
  revoke: "/oauth/revoke",
  introspect: "/oauth/introspect",
  register: "/oauth/register",
  logout: "/oauth/logout",
} as const;

/** The device grant's screens (Passport 13's `passport.device.*` routes). */
export const DEVICE_PATHS = {
  code: "/oauth/device/code",
  entry: "/oauth/device",
  authorize: "/oauth/device/authorize",
} as const;

/** RFC 9728's protected-resource metadata of this API, at the root whatever `oauth.path` says. */
export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";
