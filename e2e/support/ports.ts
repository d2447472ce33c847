// The ports of the suite's server and of the stand-ins its specs start beside it. These sit at a
// fixed distance from the server, so two runs on two server ports (a second run beside CI's,
// docs/getting-started.md "Commands") never ask for the same one: keep E2E_PORTs at least ten apart.
export const SERVER_PORT = Number(process.env.E2E_PORT ?? 3200);

/** A SPA's origin the server treats as stateful (SANCTUM_STATEFUL_DOMAINS). */
export const STATEFUL_SPA_PORT = SERVER_PORT + 91;
/** A SPA's origin allowed by CORS, but not stateful. */
export const CORS_ONLY_SPA_PORT = SERVER_PORT + 92;
/** A SPA's origin that is neither. */
export const FOREIGN_SPA_PORT = SERVER_PORT + 93;
/**
 * The stand-in OpenID provider of e2e/social-login.spec.ts and e2e/passwordless.spec.ts
 * (e2e/support/fake-oidc.ts); E2E_OIDC_PORT puts it elsewhere, for a run kept to a narrow range.
 */
export const OIDC_PROVIDER_PORT = Number(
  process.env.E2E_OIDC_PORT ?? SERVER_PORT + 98,
);
