import "server-only";
import { generateCodeVerifier, generateState } from "arctic";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { createDriver } from "@/lib/auth/social/drivers";
import { findProvider, redirectUri } from "@/lib/auth/social/providers";
import { stateCookie } from "@/lib/auth/social/state";
import { redirect } from "@/lib/http/respond";

/**
 * GET social/{provider}/redirect: 302 to the provider with `state` (and a PKCE challenge where
 * supported). Always a redirect, JSON or not: contract §1 "in practice the provider's address".
 */
export const socialiteRedirect = endpointOf(
  AUTH_ACTIONS["socialite-redirect"],
  {
    async run(ctx) {
      const provider = findProvider(ctx);
      const driver = createDriver(provider.config, redirectUri(ctx, provider));
      const state = generateState();
      const verifier = generateCodeVerifier();
      const response = redirect(driver.authorizationUrl(state, verifier).href);
      response.headers.append(
        "Set-Cookie",
        await stateCookie(ctx, provider.name, state, verifier),
      );
      return response;
    },
  },
);
