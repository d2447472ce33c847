import "server-only";
import { deriveKey, hmacHex, safeEqual } from "@/lib/crypto/secrets";

/**
 * Laravel's temporary signed routes, signed over the path and query (relative), so a link keeps
 * working whichever host name reaches the application.
 */
export function signPath(
  secret: string,
  pathWithQuery: string,
  expiresAt: Date,
): string {
  const url = new URL(pathWithQuery, "http://signed.invalid");
  url.searchParams.set(
    "expires",
    String(Math.floor(expiresAt.getTime() / 1000)),
  );
  const unsigned = `${url.pathname}?${url.searchParams.toString()}`;
  return `${unsigned}&signature=${hmacHex(deriveKey(secret, "signed-url"), unsigned)}`;
}

/** True when the signature matches and `expires` is in the future. */
export function hasValidSignature(
  secret: string,
  url: URL,
  now: Date,
): boolean {
  const signature = url.searchParams.get("signature") ?? "";
  const params = new URLSearchParams(url.searchParams);
  params.delete("signature");
  const unsigned = `${url.pathname}?${params.toString()}`;
  if (!safeEqual(hmacHex(deriveKey(secret, "signed-url"), unsigned), signature))
    return false;
  const expires = Number(params.get("expires"));
  return Number.isFinite(expires) && expires * 1000 > now.getTime();
}
