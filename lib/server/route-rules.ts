import "server-only";
import type { AuthConfig } from "@/lib/config/auth";
import type { RouteContract } from "@/lib/contract/route-contract";
import {
  ACTION_NAMES,
  type AuthAction,
  AUTH_ACTIONS,
  type HttpMethod,
} from "@/lib/contract/auth-actions";
import {
  CREDENTIAL_CLASSES,
  type CredentialClass,
} from "@/lib/contract/credential-classes";
import {
  type RouteAbility,
  SESSION_ONLY,
} from "@/lib/contract/token-abilities";
import type { Endpoint } from "@/lib/server/endpoint";
import {
  middlewareNamed,
  type ResolvedMiddleware,
  resolveMiddleware,
} from "@/lib/server/middleware";
import { CREDENTIAL_GUARD } from "@/lib/server/credential-guard";
import { CHALLENGE_STEP } from "@/lib/server/challenge-step";
import { TOKEN_ACCESS, type TokenAccess } from "@/lib/server/token-access";

// The rows of both route tables resolved to the steps the pipeline (lib/server/pipeline.ts) runs:
// each row's own middleware, with its token ability and credential class applied around it.

/** A route of the host application (profile, uploads, administration) at a fixed path. */
export type HostRoute = Partial<RouteContract> & {
  name: string;
  /** Its path template (`/api/admin/users/{id}`): the folder of its route file under app/. */
  path: string;
  method: HttpMethod | HttpMethod[];
  endpoint: Endpoint;
  /** Middleware specs, as in `routes.middlewares` (e.g. `auth:sanctum`, `throttle:60,1`). */
  middleware: string[];
  /** What a bearer token needs to call it (lib/contract/token-abilities.ts; docs/tokens.md "Token abilities"). */
  ability: RouteAbility;
  /** What it does to the ways into an account, and so its rules (decision record 028). */
  credential: CredentialClass;
  /** The scopes through which an app's token reaches it when `ability` is null (decision record 082). */
  appScopes?: readonly string[];
  /** Fields only a session may send: a bearer token sending one gets 403 (e.g. a new `email`). */
  sessionOnlyFields?: readonly string[];
  /** Where a browser goes after success when it did not ask for JSON. */
  redirect?: string;
  /**
   * False for a route a client calls with its own credentials and no cookie, outside Laravel's
   * web group as Passport registers it (`/oauth/token`, revocation, introspection): no CSRF
   * check. A session cookie sent along is still read, never trusted to change anything.
   */
  csrf?: false;
  /** Largest body in bytes; a function when it follows configuration (uploads). */
  bodyLimit?: number | ((config: AuthConfig) => number);
};

const hostMiddleware = new WeakMap<HostRoute, ResolvedMiddleware[]>();

/** A host route's middleware resolved against the registry, with its ability and credential class applied; memoized. */
export function hostRouteMiddleware(route: HostRoute): ResolvedMiddleware[] {
  let middleware = hostMiddleware.get(route);
  if (!middleware) {
    middleware = withRouteRules(
      route.middleware.map((spec, index) =>
        resolveMiddleware(spec, `host route ${route.name} middleware.${index}`),
      ),
      {
        ability: route.ability,
        appScopes: route.appScopes,
        sessionOnlyFields: route.sessionOnlyFields,
      },
      route.credential,
    );
    hostMiddleware.set(route, middleware);
  }
  return middleware;
}

/** `steps` with the registered step `name` (run with `args`) right after the last of `after`, else first. */
function insertStep(
  steps: ResolvedMiddleware[],
  name: string,
  args: unknown,
  after: string[],
): ResolvedMiddleware[] {
  const step: ResolvedMiddleware = {
    name,
    args,
    run: middlewareNamed(name, "the pipeline's own steps")
      .run as ResolvedMiddleware["run"],
  };
  const at = steps.findLastIndex((candidate) => after.includes(candidate.name));
  return [...steps.slice(0, at + 1), step, ...steps.slice(at + 1)];
}

/**
 * A route's steps with its declared token ability and the rules of its credential class around
 * its own middleware. The ability's check goes right after the guard (the last `auth` step, else
 * first): a missing user is still a 401, and a refused token reaches no limiter, input or endpoint
 * (decision record 011); routes any token may call get none. A session-only class makes the
 * ability SESSION_ONLY, and its guard (impersonation, proven address, step-up) runs right after
 * the token's check (decision record 028). A row's `challenge` (decision record 108) goes right
 * after `guest`, so its check, deferred until the input passed, comes before the limiter rules
 * that count valid input only: an unsolved form uses up no one's quota. Applied here, not in the route's list, so no
 * configured middleware list can drop them.
 */
export function withRouteRules(
  steps: ResolvedMiddleware[],
  access: TokenAccess,
  credential: CredentialClass,
  challenge?: AuthAction["challenge"],
): ResolvedMiddleware[] {
  const rules = CREDENTIAL_CLASSES[credential];
  const ability = rules.sessionOnly ? SESSION_ONLY : access.ability;
  // A route open to any token still asks an app's token for a scope (decision record 082) once
  // it has a guard or declares one; a guest's route (sign-in, registration) has neither.
  const guarded = steps.some((step) => step.name === "auth");
  const checked =
    ability === null &&
    !access.sessionOnlyFields?.length &&
    !guarded &&
    !access.appScopes
      ? steps
      : insertStep(steps, TOKEN_ACCESS, { ...access, ability }, ["auth"]);
  const classGuarded =
    rules.stepUp || rules.refusedWhileImpersonating || rules.needsProvenAddress;
  const classChecked = classGuarded
    ? insertStep(checked, CREDENTIAL_GUARD, rules, ["auth", TOKEN_ACCESS])
    : checked;
  return challenge
    ? insertStep(classChecked, CHALLENGE_STEP, challenge, ["guest"])
    : classChecked;
}

const resolvedMiddleware = new WeakMap<
  AuthConfig["routes"],
  Map<string, ResolvedMiddleware[]>
>();

/**
 * Resolves every route's middleware list against the registry. Called at start (an unknown
 * name stops the server) and memoized per configuration.
 */
export function middlewareTable(
  config: AuthConfig,
): Map<string, ResolvedMiddleware[]> {
  const cached = resolvedMiddleware.get(config.routes);
  if (cached) return cached;
  const table = new Map(
    ACTION_NAMES.map((action) => [
      action,
      withRouteRules(
        config.routes.middlewares[action].map((spec, index) =>
          resolveMiddleware(
            spec,
            `AUTH_CONFIG_JSON routes.middlewares.${action}.${index}`,
          ),
        ),
        {
          ability: AUTH_ACTIONS[action].ability,
          appScopes: (AUTH_ACTIONS[action] as AuthAction).appScopes,
        },
        AUTH_ACTIONS[action].credential,
        (AUTH_ACTIONS[action] as AuthAction).challenge,
      ),
    ]),
  );
  resolvedMiddleware.set(config.routes, table);
  return table;
}
