import "server-only";
import { firstFactorMethods } from "@/lib/auth/authentication-methods";
import type { User } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { getHooks } from "@/lib/server/hooks";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { findOrCreateAccount } from "@/lib/auth/social/accounts";
import { createDriver, type Driver } from "@/lib/auth/social/drivers";
import {
  socialFailure,
  socialFailureRedirect,
} from "@/lib/auth/social/failure";
import {
  findProvider,
  type Provider,
  redirectUri,
} from "@/lib/auth/social/providers";
import type { ProviderUser } from "@/lib/server/provider-user";
import { clearStateCookie, verifyState } from "@/lib/auth/social/state";
import { presentUser } from "@/lib/users/users";
import {
  completeSignIn,
  holdForChallenge,
} from "@/lib/auth/two-factor/sign-in";
import { log } from "@/lib/observability/request-scope";

const FAILED = "The sign-in with the provider failed. Please try again.";

/**
 * The provider's side of the callback: code → token → user. Whatever goes wrong there (refused
 * code, network, an answer we cannot read) is the provider's failure, answered as such, never a 500.
 */
async function fetchProviderUser(
  ctx: Context,
  provider: Provider,
  driver: Driver,
  code: string,
  verifier: string,
): Promise<ProviderUser> {
  try {
    return await driver.fetchUser(await driver.exchangeCode(code, verifier));
  } catch (error) {
    // Logged for the operator (never the token or the code); the person gets a message to retry.
    const detail = (
      error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    )
      .replace(/\s+/g, " ")
      .slice(0, 300);
    log().warn(
      { provider: provider.name, detail },
      "social login: the provider failed",
    );
    throw socialFailure(ctx, "code", FAILED);
  }
}

/**
 * GET social/{provider}/callback (contract §4 rule 6): checks `state`, exchanges the code, then signs
 * into the account with the provider's email or creates it. Failures: see lib/auth/social/failure.ts.
 */
export const socialiteCallback: Endpoint = defineEndpoint({
  async run(ctx) {
    try {
      return await completeCallback(ctx);
    } catch (error) {
      const redirect = socialFailureRedirect(ctx, error);
      if (redirect) return redirect;
      throw error;
    }
  },
});

/** The callback proper; its failures are thrown, and answered by socialiteCallback. */
async function completeCallback(ctx: Context) {
  const provider = findProvider(ctx);
  // A state is good for one callback, whether it succeeds or not.
  ctx.queuedCookies.push(clearStateCookie(ctx, provider.name));
  const query = ctx.url.searchParams;
  // The person declined at the provider, or it could not serve the request.
  if (query.has("error"))
    throw socialFailure(
      ctx,
      "provider",
      "The sign-in was cancelled or refused by the provider.",
    );
  const verifier = await verifyState(ctx, provider.name, query.get("state"));
  if (verifier === null)
    throw socialFailure(
      ctx,
      "state",
      "The sign-in request has expired or is invalid. Please try again.",
    );
  const code = query.get("code");
  if (!code) throw socialFailure(ctx, "code", FAILED);

  const driver = createDriver(provider.config, redirectUri(ctx, provider));
  const providerUser = await fetchProviderUser(
    ctx,
    provider,
    driver,
    code,
    verifier,
  );
  const { user } = await findOrCreateAccount(ctx, provider.name, providerUser);

  // Decision record 023: an account with a second factor goes through the challenge, whatever
  // signs in afterwards (the custom callback never sees a sign-in that skipped it).
  const held = await holdForChallenge(ctx, user, {
    remember: false,
    method: "social",
  });
  if (held) return held;
  // contract §5: the custom social login callback signs in and responds in our place.
  const custom = getHooks().socialLogin;
  const result = custom
    ? await custom(user, provider.name, providerUser, ctx)
    : await signIn(ctx, provider.name, user);
  return result;
}

async function signIn(ctx: Context, provider: string, user: User) {
  await completeSignIn(ctx, user, {
    remember: false,
    method: "social",
    amr: firstFactorMethods("social"),
    properties: { provider },
  });
  return { success: true, user: presentUser(user) };
}
