import "server-only";
import { defineFeature } from "@/lib/server/feature";

/**
 * The application's own manifest, last in FEATURES (lib/runtime/features.ts): middleware to
 * register (`middleware: { name: { parse, run } }`, then named in `routes.middlewares` or in a
 * route's row), event listeners (`listeners: { Registered: [({ user }) => …] }`, docs/second-factor-and-passkeys.md
 * "Events"), host routes, pruners, like any feature's (lib/server/feature.ts). The service's own
 * defaults need nothing here: this application ships none of its own.
 */
export const EXTENSIONS = defineFeature({ name: "application" });

/**
 * Called once by createServices (lib/runtime/services.ts) before the first request, for what is
 * set rather than declared:
 * - abilities: `defineAbility("laravel-auth.impersonate", (user, target) => …)` from
 *   lib/policies/abilities.ts replaces the service's default rule (docs/configuration.md "Extending");
 * - hooks: `setHooks({ isAdmin, impersonationAuthorizer, … })` from lib/server/hooks.ts
 *   (docs/configuration.md "Extending").
 */
export function applyExtensions(): void {}
