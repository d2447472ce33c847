/**
 * The one rule for an OAuth client's redirect URIs (decision record 050, amendment 2026-12-02),
 * applied wherever a URI is stored (the clients JSON API, dynamic registration) and again wherever
 * one is followed (`/oauth/authorize`, the end of a session, the consent screen in the browser):
 * an absolute URI without a fragment (RFC 6749 §3.1.2) that is
 * - `https:`;
 * - `http:` on a loopback host only (RFC 8252 §7.3: a native app listening on its own port);
 * - or an app's private-use scheme, named after a domain in reverse order (RFC 8252 §7.1,
 *   `com.example.app:/callback`).
 * Nothing else: `javascript:`, `data:`, `vbscript:`, `file:`, `blob:`, `about:`, `view-source:`
 * run or show something in the browser's own origin, and `ws:`, `wss:` or `ftp:` carry no page a
 * browser could come back to. Pure: the browser imports it too.
 */

export type RedirectUriProblem =
  "malformed" | "fragment" | "scheme" | "self-registered-scheme";

/** The message of each problem, an English key with `:uri` (messages/es.json translates them). */
export const REDIRECT_URI_MESSAGES: Record<RedirectUriProblem, string> = {
  malformed: "The redirect URI :uri is not an absolute URI.",
  fragment: "The redirect URI :uri must not contain a fragment.",
  scheme:
    "The redirect URI :uri must use https, http on a loopback address, or an app's own reverse-domain scheme.",
  "self-registered-scheme":
    "The redirect URI :uri of a client that registers itself must use https or http on a loopback address.",
};

/** A scheme with at least one dot: `com.example.app`, never `javascript` or `ws`. */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/** Whitespace and control characters, which the URL parser drops silently: what is stored is what is followed. */
const INVISIBLE = /[\s\u0000-\u001f\u007f]/;

/** 127.0.0.0/8, `[::1]` or `localhost`, as the URL parser writes a hostname. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** What is wrong with a redirect URI under the rule above; null when nothing is. */
export function redirectUriProblem(uri: string): RedirectUriProblem | null {
  if (INVISIBLE.test(uri) || !URL.canParse(uri)) return "malformed";
  if (uri.includes("#")) return "fragment";
  const url = new URL(uri);
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:")
    return isLoopbackHost(url.hostname) ? null : "scheme";
  return PRIVATE_USE_SCHEME.test(url.protocol) ? null : "scheme";
}

export const isAllowedRedirectUri = (uri: string): boolean =>
  redirectUriProblem(uri) === null;

/**
 * The stricter rule for a client that registers itself (RFC 7591, decision record 085): MCP
 * 2025-11-25's "all redirect URIs MUST be either localhost or use HTTPS" and OAuth 2.1 §1.5 —
 * `https:`, or `http:` on a loopback host. An app's own scheme is for clients a person made: any
 * app on a device may claim one, and nobody vetted a client that registered itself.
 */
export function selfRegisteredRedirectUriProblem(
  uri: string,
): RedirectUriProblem | null {
  const problem = redirectUriProblem(uri);
  if (problem !== null) return problem;
  const { protocol } = new URL(uri);
  return protocol === "https:" || protocol === "http:"
    ? null
    : "self-registered-scheme";
}

/** The message of a refused back-channel logout URI, an English key with `:uri`. */
export const BACKCHANNEL_LOGOUT_URI_MESSAGE =
  "The back-channel logout URI :uri must be an absolute https URI, or http on a loopback address, without a fragment.";

/**
 * Where a client takes its logout tokens (OpenID Connect Back-Channel Logout 1.0 §2.2, decision
 * record 103), by the rule of a self-registered client's redirect URIs: `https:`, or `http:` on a
 * loopback host for development, no fragment. The server posts to it, so where it may point at
 * all is decided again at each delivery (the webhooks' address guard, decision record 022).
 */
export const isAllowedBackchannelLogoutUri = (uri: string): boolean =>
  selfRegisteredRedirectUriProblem(uri) === null;
