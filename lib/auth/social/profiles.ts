import "server-only";
import { z } from "zod";
import type { ProviderUser } from "@/lib/server/provider-user";
import { email } from "@/lib/validation/rules";

export const GITHUB_API = "https://api.github.com";
// A provider that does not answer within this is treated as a failed sign-in, not a hung request.
export const PROVIDER_TIMEOUT_MS = 10_000;

const emailSchema = email();
const optionalText = z.string().nullish().catch(null);

/** A usable email address or null (absent, blank, malformed or too long for the users table). */
function usableEmail(value: unknown): string | null {
  const result = emailSchema.safeParse(
    typeof value === "string" ? value.trim() : value,
  );
  return result.success ? result.data : null;
}

/** GET a provider's JSON API with the access token; a non-2xx answer throws. */
async function fetchJson(
  url: string,
  accessToken: string,
  accept = "application/json",
): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: accept,
      "User-Agent": "next-laravel-auth",
    },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    redirect: "error",
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.status}`);
  }
  return response.json();
}

// Some providers send `email_verified` as the string "true" (AWS Cognito, older Azure AD).
const verifiedFlag = z
  .union([
    z.boolean(),
    z.enum(["true", "false"]).transform((value) => value === "true"),
  ])
  .nullish()
  .catch(null);

const claimsSchema = z.looseObject({
  sub: z.union([z.string().min(1), z.number()]).transform(String),
  email: z.unknown().optional(),
  email_verified: verifiedFlag,
  name: optionalText,
  preferred_username: optionalText,
  picture: optionalText,
});

/** OpenID Connect userinfo (Google, GitLab, Microsoft, the generic `oidc` driver). */
export async function fetchOidcUser(
  userinfoEndpoint: string,
  accessToken: string,
): Promise<ProviderUser> {
  const raw = await fetchJson(userinfoEndpoint, accessToken);
  const claims = claimsSchema.parse(raw);
  const email = usableEmail(claims.email);
  return {
    id: claims.sub,
    email,
    // OIDC Core §5.1: without `email_verified` the address is not known to be verified.
    emailVerified: email !== null && claims.email_verified === true,
    name: claims.name ?? claims.preferred_username ?? null,
    avatar: claims.picture ?? null,
    raw: raw as Record<string, unknown>,
  };
}

const githubProfileSchema = z.looseObject({
  id: z.union([z.number(), z.string().min(1)]).transform(String),
  login: z.string(),
  name: optionalText,
  email: z.unknown().optional(),
  avatar_url: optionalText,
});

const githubEmailsSchema = z.array(
  z.looseObject({
    email: z.unknown(),
    primary: z.boolean(),
    verified: z.boolean(),
  }),
);

const GITHUB_JSON = "application/vnd.github+json";

/**
 * GitHub's /user, and when the profile shows no email, the primary verified address from
 * /user/emails (needs the `user:email` scope). GitHub only lets a verified address be public.
 */
export async function fetchGitHubUser(
  accessToken: string,
  apiBase = GITHUB_API,
): Promise<ProviderUser> {
  const raw = await fetchJson(`${apiBase}/user`, accessToken, GITHUB_JSON);
  const profile = githubProfileSchema.parse(raw);
  let email = usableEmail(profile.email);
  if (email === null) {
    const emails = githubEmailsSchema.parse(
      await fetchJson(`${apiBase}/user/emails`, accessToken, GITHUB_JSON),
    );
    email = usableEmail(
      emails.find((entry) => entry.primary && entry.verified)?.email,
    );
  }
  return {
    id: profile.id,
    email,
    emailVerified: email !== null,
    name: profile.name ?? profile.login,
    avatar: profile.avatar_url ?? null,
    raw: raw as Record<string, unknown>,
  };
}
