import "server-only";

/**
 * The one place where the application customises the service, evaluated once per server bundle
 * before the first request (lib/auth/routes/pipeline.ts imports it). Register here:
 * - abilities: `defineAbility("laravel-auth.impersonate", (user, target) => …)` from
 *   lib/policies/abilities.ts replaces the service's default rule (SPEC.md §5 rule 5);
 * - hooks (SPEC.md §5 "Customization hooks"): `setHooks({ isAdmin, impersonationAuthorizer, … })`
 *   from lib/auth/hooks.ts;
 * - event listeners (SPEC.md §6): `listen("Registered", ({ user }) => …)` from lib/auth/events.ts;
 * - middleware: `registerMiddleware("name", { parse, run })` from lib/auth/middleware/registry.ts,
 *   then name it in `routes.middlewares`.
 * The service's own defaults need nothing here: this application ships none of its own.
 */
export {};
