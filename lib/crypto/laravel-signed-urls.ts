import "server-only";
import { deriveKey, hmacHex, safeEqual } from "@/lib/crypto/secrets";

/**
 * Laravel's own signed routes (`URL::signedRoute`, `$request->hasValidSignature()`): HMAC-SHA256
 * over the absolute URL without `signature`, keyed by `APP_KEY` exactly as configured (the
 * `base64:` prefix included, as Laravel's key resolver hands it over). A link a Laravel
 * application mailed before the move (Jetstream's team invitations) opens here unchanged.
 * Without APP_KEY, a key derived from SESSION_SECRET (such links are this server's only).
 * The server's own email links keep their relative signature (lib/crypto/signed-urls.ts).
 */
export type LaravelSigningKeys = { APP_KEY?: string; SESSION_SECRET: string };

const signingKey = (env: LaravelSigningKeys): string =>
  env.APP_KEY ?? deriveKey(env.SESSION_SECRET, "laravel-signed-url");

/** `URL::signedRoute`: `absoluteUrl` (no query of its own here) with `?signature=…`. */
export function signLaravelUrl(
  env: LaravelSigningKeys,
  absoluteUrl: string,
  expiresAt: Date | null = null,
): string {
  const url = new URL(absoluteUrl);
  if (expiresAt)
    url.searchParams.set(
      "expires",
      String(Math.floor(expiresAt.getTime() / 1000)),
    );
  url.searchParams.set("signature", hmacHex(signingKey(env), url.toString()));
  return url.toString();
}

/**
 * `hasValidSignature()`: the signature over `origin` + the request's path and its query without
 * `signature`, and `expires`, when present, still ahead. `origins` are the ones the link may have
 * been made for (APP_URL's, and the request's own behind a proxy that keeps the host).
 */
export function hasValidLaravelSignature(
  env: LaravelSigningKeys,
  url: URL,
  origins: readonly string[],
  now: Date,
): boolean {
  const signature = url.searchParams.get("signature") ?? "";
  // Laravel reads the raw query string and drops `signature=…` only, keeping the rest as sent.
  const query = url.search
    .slice(1)
    .split("&")
    .filter((part) => part !== "" && part.split("=")[0] !== "signature")
    .join("&");
  const matches = origins.some((origin) => {
    const original = `${origin}${url.pathname}${query ? `?${query}` : ""}`;
    return safeEqual(hmacHex(signingKey(env), original), signature);
  });
  if (!matches) return false;
  const expires = url.searchParams.get("expires");
  return expires === null || Number(expires) * 1000 > now.getTime();
}
