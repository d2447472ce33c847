import "server-only";
import type { Db } from "@/db/client";
import type { OAuthResource } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { requirePasswordConfirmation } from "@/lib/sessions/step-up";
import { exchangeScopesOf } from "@/lib/oauth/exchange-rights";
import { findRegisteredResource } from "@/lib/oauth/registered-resources";
import { STEP_UP_SCOPES } from "@/lib/oauth/scopes";

// What approving a request for registered resources shows and asks, alike at the consent
// (lib/oauth/authorize.ts) and the device's approval (lib/oauth/device-authorize.ts): the words of
// the resources' scopes (decision record 101), and what their servers may do for the user by
// token exchange (decision record 115). The exchanges' list is exchange-rights.ts consentExchanges.

/** The registered resources among a request's RFC 8707 `resource` values, each once. */
export async function registeredResourcesNamed(
  db: Db,
  identifiers: readonly string[],
): Promise<OAuthResource[]> {
  const found = new Map<number, OAuthResource>();
  for (const identifier of identifiers) {
    const resource = await findRegisteredResource(db, identifier);
    if (resource) found.set(resource.id, resource);
  }
  return [...found.values()];
}

/** The words of the resources' own scopes, by name, for the consent (decision record 101). */
export const resourceScopeDescriptions = (
  registered: readonly OAuthResource[],
): Record<string, string> =>
  Object.fromEntries(
    registered.flatMap((resource) =>
      resource.scopes.map((scope) => [scope.name, scope.description]),
    ),
  );

/**
 * Approving hands the client `scopes`, and the servers of the resources named by `identifiers`
 * whatever they may exchange its token for: a step-up scope among them (STEP_UP_SCOPES) asks for
 * a recent password confirmation (423), as asking that scope directly does. Read when approving,
 * so exchange rights given while the screen was open count.
 */
export async function requireStepUpToApprove(
  ctx: Context,
  scopes: readonly string[],
  identifiers: readonly string[],
): Promise<void> {
  const registered = await registeredResourcesNamed(ctx.db, identifiers);
  const handed = [...scopes, ...registered.flatMap(exchangeScopesOf)];
  if (handed.some((scope) => STEP_UP_SCOPES.includes(scope)))
    await requirePasswordConfirmation(ctx);
}
