import "server-only";
import {
  CodeChallengeMethod,
  GitHub,
  Google,
  MicrosoftEntraId,
  OAuth2Client,
} from "arctic";
import type { ProviderConfig } from "@/lib/config/services";
import {
  fetchGitHubUser,
  fetchOidcUser,
  PROVIDER_TIMEOUT_MS,
} from "@/lib/auth/social/profiles";
import type { ProviderUser } from "@/lib/server/provider-user";

/** One provider's side of the authorization-code flow, whatever library speaks to it. */
export type Driver = {
  /** The provider's address; `verifier` becomes a PKCE challenge where the provider supports it. */
  authorizationUrl(state: string, verifier: string): URL;
  /** Trades the code for an access token; throws when the provider refuses. */
  exchangeCode(code: string, verifier: string): Promise<string>;
  fetchUser(accessToken: string): Promise<ProviderUser>;
};

const OIDC_SCOPES = ["openid", "email", "profile"];
const GOOGLE_USERINFO = "https://openidconnect.googleapis.com/v1/userinfo";
const MICROSOFT_USERINFO = "https://graph.microsoft.com/oidc/userinfo";
const GITLAB_DEFAULT_BASE = "https://gitlab.com";

/** Any provider with explicit endpoints: authorization code with PKCE (S256), claims from userinfo. */
function oidcDriver(
  provider: ProviderConfig,
  redirectUri: string,
  endpoints: { authorization: string; token: string; userinfo: string },
): Driver {
  const client = new OAuth2Client(
    provider.client_id,
    provider.client_secret,
    redirectUri,
  );
  const scopes = provider.scopes ?? OIDC_SCOPES;
  return {
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(
        endpoints.authorization,
        state,
        CodeChallengeMethod.S256,
        verifier,
        scopes,
      ),
    exchangeCode: async (code, verifier) =>
      (
        await client.validateAuthorizationCode(endpoints.token, code, verifier)
      ).accessToken(),
    fetchUser: (accessToken) => fetchOidcUser(endpoints.userinfo, accessToken),
  };
}

/**
 * arctic's token request takes no AbortSignal: stop waiting for a provider that does not answer
 * (the socket itself is left to undici's own timeouts).
 */
function withDeadline<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${PROVIDER_TIMEOUT_MS} ms`)),
      PROVIDER_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The driver of a configured provider; `redirectUri` is the absolute callback address. */
export function createDriver(
  provider: ProviderConfig,
  redirectUri: string,
): Driver {
  const driver = builtInDriver(provider, redirectUri);
  return {
    ...driver,
    exchangeCode: (code, verifier) =>
      withDeadline(driver.exchangeCode(code, verifier)),
  };
}

function builtInDriver(provider: ProviderConfig, redirectUri: string): Driver {
  switch (provider.driver) {
    case "github": {
      // arctic's GitHub client sends no PKCE challenge; `state` alone guards the flow.
      const client = new GitHub(
        provider.client_id,
        provider.client_secret,
        redirectUri,
      );
      const scopes = provider.scopes ?? ["read:user", "user:email"];
      return {
        authorizationUrl: (state) =>
          client.createAuthorizationURL(state, scopes),
        exchangeCode: async (code) =>
          (await client.validateAuthorizationCode(code)).accessToken(),
        fetchUser: (accessToken) => fetchGitHubUser(accessToken),
      };
    }
    case "google": {
      const client = new Google(
        provider.client_id,
        provider.client_secret,
        redirectUri,
      );
      const scopes = provider.scopes ?? OIDC_SCOPES;
      return {
        authorizationUrl: (state, verifier) =>
          client.createAuthorizationURL(state, verifier, scopes),
        exchangeCode: async (code, verifier) =>
          (
            await client.validateAuthorizationCode(code, verifier)
          ).accessToken(),
        fetchUser: (accessToken) => fetchOidcUser(GOOGLE_USERINFO, accessToken),
      };
    }
    case "microsoft": {
      const client = new MicrosoftEntraId(
        provider.tenant,
        provider.client_id,
        provider.client_secret,
        redirectUri,
      );
      const scopes = provider.scopes ?? OIDC_SCOPES;
      return {
        authorizationUrl: (state, verifier) =>
          client.createAuthorizationURL(state, verifier, scopes),
        exchangeCode: async (code, verifier) =>
          (
            await client.validateAuthorizationCode(code, verifier)
          ).accessToken(),
        fetchUser: (accessToken) =>
          fetchOidcUser(MICROSOFT_USERINFO, accessToken),
      };
    }
    case "gitlab": {
      // arctic's GitLab client has no PKCE; GitLab supports it, so the generic client is used.
      const base = (provider.base_url ?? GITLAB_DEFAULT_BASE).replace(
        /\/+$/,
        "",
      );
      return oidcDriver(provider, redirectUri, {
        authorization: `${base}/oauth/authorize`,
        token: `${base}/oauth/token`,
        userinfo: `${base}/oauth/userinfo`,
      });
    }
    case "oidc":
      return oidcDriver(provider, redirectUri, {
        authorization: provider.authorization_endpoint,
        token: provider.token_endpoint,
        userinfo: provider.userinfo_endpoint,
      });
  }
}
