import {
  ACTION_NAMES,
  AUTH_ACTIONS,
  type AuthAction,
} from "@/lib/contract/auth-actions";
import {
  SESSION_ONLY,
  type RouteAbility,
} from "@/lib/contract/token-abilities";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { code, markdownTable } from "./markers";

// docs/api.md "The route table": every row of the two route tables, as the pipeline reads them.

function ability(value: RouteAbility, appScopes?: readonly string[]): string {
  const own =
    value === SESSION_ONLY
      ? "session only"
      : value === null
        ? "any token"
        : code(value);
  return appScopes?.length
    ? `${own}; apps: ${appScopes.map(code).join(", ")}`
    : own;
}

/** The auth actions, whose URIs, names, middleware and redirects are configuration defaults. */
export function authActionsTable(): string {
  return markdownTable(
    ["action", "method", "default URI", "name", "middleware", "token", "class"],
    ACTION_NAMES.map((action) => {
      const row: AuthAction = AUTH_ACTIONS[action];
      return [
        code(action),
        row.method,
        code(row.uri),
        code(row.name),
        row.middleware.map(code).join(", "),
        ability(row.ability, row.appScopes),
        code(row.credential),
      ];
    }),
  );
}

/** The host application's routes, at fixed paths. */
export function hostRoutesTable(): string {
  return markdownTable(
    ["method", "path", "name", "middleware", "token", "class"],
    HOST_ROUTES.map((route) => [
      [route.method].flat().join(", "),
      code(route.path),
      code(route.name),
      route.middleware.map(code).join(", "),
      ability(route.ability, route.appScopes),
      code(route.credential),
    ]),
  );
}
