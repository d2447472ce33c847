import type { ActionMap } from "@/lib/auth/actions";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** SPEC.md §4: the method of each action. Fixed: only URIs, names, middleware and redirects are configuration. */
export const ACTION_METHODS: ActionMap<HttpMethod> = {
  login: "POST",
  register: "POST",
  logout: "POST",
  "get-auth": "GET",
  "forgot-password": "POST",
  "reset-password": "POST",
  "update-password": "POST",
  "email-verification-notification": "POST",
  "verification-verify": "GET",
  "create-token": "POST",
  tokens: "POST",
  "revoke-token": "POST",
  "flush-tokens": "POST",
  "socialite-redirect": "GET",
  "socialite-callback": "GET",
  impersonate: "POST",
  "impersonate-token": "GET",
  // SPEC.md §9: since 6.1 only POST; a GET answers 405.
  "revert-impersonate": "POST",
};
