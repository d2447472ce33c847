/**
 * The browser's own defences, decided here and nowhere else (decision record 013): the headers
 * every response carries, the Content-Security-Policy of the screens and the strict one of the
 * API. No imports, so that next.config.ts, proxy.ts and the pipeline all read this one file.
 */

/** Features no screen uses are denied; the clipboard (token copy) and passkeys stay with this origin. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "clipboard-write=(self)",
  "publickey-credentials-create=(self)",
  "publickey-credentials-get=(self)",
].join(", ");

/** The headers of every response, whatever serves it (next.config.ts sets them on Next's own files too). */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": PERMISSIONS_POLICY,
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** API answers are data, never documents: nothing may load, run or frame them. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'";

/** Two years, as OWASP suggests; only when the application's own address is https. */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

function isHttps(appUrl: string | undefined): boolean {
  return appUrl?.startsWith("https://") ?? false;
}

/** `Strict-Transport-Security` when APP_URL is https; nothing on a plain-HTTP deployment. */
export function transportSecurity(
  appUrl: string | undefined,
): Record<string, string> {
  return isHttps(appUrl)
    ? {
        "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
      }
    : {};
}

const apiHeadersByAppUrl = new Map<string, Readonly<Record<string, string>>>();

/** Every header of an API response (the pipeline's): the baseline, HSTS, and `default-src 'none'`. */
export function apiSecurityHeaders(
  appUrl: string,
): Readonly<Record<string, string>> {
  let headers = apiHeadersByAppUrl.get(appUrl);
  if (!headers) {
    headers = {
      ...BASELINE_SECURITY_HEADERS,
      ...transportSecurity(appUrl),
      "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    };
    apiHeadersByAppUrl.set(appUrl, headers);
  }
  return headers;
}

export type ScreenPolicyOptions = {
  /** This response's nonce: Next puts it on its own inline and bootstrap scripts. */
  nonce: string;
  appUrl: string | undefined;
  /** `next dev`: React rebuilds server error stacks with eval, and the dev overlay injects styles. */
  isDevelopment: boolean;
};

/**
 * The screens' policy: scripts only from this origin with this response's nonce (and what they
 * load: 'strict-dynamic'), never inline without it; images from this origin (uploads) or chosen
 * files being previewed; no plugin, no <base>, forms only to this origin, never in a frame.
 */
export function screenContentSecurityPolicy({
  nonce,
  appUrl,
  isDevelopment,
}: ScreenPolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${isDevelopment ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps(appUrl) ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Every header of a screen (proxy.ts's): the baseline, HSTS, its `policy`, and `no-referrer` when
 * the screen's own address holds a secret (the reset link's token), so that no request the
 * screen makes carries it in a Referer.
 */
export function screenSecurityHeaders(
  policy: string,
  appUrl: string | undefined,
  secretInPath: boolean,
): Record<string, string> {
  return {
    ...BASELINE_SECURITY_HEADERS,
    ...transportSecurity(appUrl),
    "Content-Security-Policy": policy,
    ...(secretInPath ? { "Referrer-Policy": "no-referrer" } : {}),
  };
}

/** 128 random bits, base64: a fresh nonce for each screen. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Sets `headers` on a response the pipeline built (its headers are mutable), overwriting. */
export function withSecurityHeaders(
  response: Response,
  headers: Readonly<Record<string, string>>,
): Response {
  for (const [name, value] of Object.entries(headers))
    response.headers.set(name, value);
  return response;
}
