import type { User } from "@/db/schema";

/**
 * The registry's name of the step that applies a credential class's guards (impersonation, proven
 * address, step-up; decision record 028), registered by lib/auth and placed by the pipeline.
 */
export const CREDENTIAL_GUARD = "credential-class";

/**
 * What an endpoint of a class that tells the owner says about what it changed: whose account (when
 * the caller is not signed in by the request, as create-token) and the credential's name (a
 * passkey's, a token's). `null` on the context: nothing changed, or the endpoint told the owner itself.
 */
export type CredentialChange = { user?: User; name?: string };
