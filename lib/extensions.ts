import "server-only";

/**
 * The one place where the application customises the service, called once by createServices
 * (lib/runtime/services.ts) before the first request. Register here:
 * - abilities: `defineAbility("laravel-auth.impersonate", (user, target) => …)` from
 *   lib/policies/abilities.ts replaces the service's default rule (SPEC.md §5 rule 5);
 * - hooks (SPEC.md §5 "Customization hooks"): `setHooks({ isAdmin, impersonationAuthorizer, … })`
 *   from lib/server/hooks.ts;
 * - event listeners (SPEC.md §6): `listen("Registered", ({ user }) => …)` from lib/server/events.ts;
 * - middleware: `registerMiddleware("name", { parse, run })` from lib/server/middleware.ts,
 *   then name it in `routes.middlewares` or in a route of the table.
 * The service's own defaults need nothing here: this application ships none of its own.
 */
export function applyExtensions(): void {}
