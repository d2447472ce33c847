import "server-only";
import {
  ACTION_NAMES,
  type ActionMap,
  type ActionName,
} from "@/lib/contract/auth-actions";
import type { Endpoint } from "@/lib/server/endpoint";
import type { FeatureManifest } from "@/lib/server/feature";
import type { HostRoute } from "@/lib/server/pipeline";
import { collected, FEATURES } from "@/lib/runtime/features";

/**
 * Every route of the host application, at its fixed path, from the features' manifests
 * (lib/runtime/features.ts). route() and the front end's manifest read their paths here, the
 * catch-alls under app/api and app/oauth their match, the tests their list. The auth actions, whose URIs are
 * configuration, are the other half: their table (lib/contract/auth-actions.ts) and the endpoint of
 * each (ACTION_ENDPOINTS, below).
 */
export const HOST_ROUTES: readonly HostRoute[] = collected("hostRoutes").flat();

type ServedBy<F> = F extends { actions: infer A }
  ? keyof A & ActionName
  : never;

/**
 * Every action of the table, typed as the actions the manifests serve: TypeScript refuses this
 * line while an action has no feature serving it, naming the action.
 */
const SERVED_ACTIONS: readonly ServedBy<(typeof FEATURES)[number]>[] =
  ACTION_NAMES;

/**
 * The endpoint of each auth action, from the manifests (SERVED_ACTIONS checks at compile time
 * that none is missing); two features serving one action stop the start.
 */
function actionEndpoints(
  features: readonly FeatureManifest[],
): ActionMap<Endpoint> {
  const endpoints: Partial<Record<ActionName, Endpoint>> = {};
  const servedBy: Partial<Record<ActionName, string>> = {};
  for (const feature of features) {
    for (const [action, endpoint] of Object.entries(feature.actions ?? {})) {
      const name = action as ActionName;
      if (!ACTION_NAMES.includes(name))
        throw new Error(`${feature.name}: no auth action named ${action}`);
      if (servedBy[name])
        throw new Error(
          `auth action ${name}: served by both ${servedBy[name]} and ${feature.name}`,
        );
      servedBy[name] = feature.name;
      endpoints[name] = endpoint;
    }
  }
  const missing = SERVED_ACTIONS.filter((action) => !endpoints[action]);
  if (missing.length > 0)
    throw new Error(`auth actions with no endpoint: ${missing.join(", ")}`);
  return endpoints as ActionMap<Endpoint>;
}

/** Which endpoint serves each auth action of the table (lib/contract/auth-actions.ts, decision record 017). */
export const ACTION_ENDPOINTS: ActionMap<Endpoint> = actionEndpoints(FEATURES);
