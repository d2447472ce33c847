import { processSlot } from "@/lib/server/process-slot";
import { canManageAccount, type PolicyUser } from "@/lib/policies/user-policy";

/**
 * A small Gate (Laravel's `Gate::define` / `Gate::allows`). Abilities are functions of plain
 * user data, so client components can ask the same questions the server does.
 */
export type AbilityCheck<A extends unknown[] = never[]> = (
  user: PolicyUser,
  ...args: A
) => boolean | Promise<boolean>;

export const IMPERSONATE_ABILITY = "laravel-auth.impersonate";

// The application's definitions win over the service's defaults, whichever is registered first
// (contract §2 Ability: "defined only when the host has not defined it first").
const defined = processSlot(
  "abilities",
  () => new Map<string, AbilityCheck<unknown[]>>(),
);
const defaults = processSlot(
  "default-abilities",
  () => new Map<string, AbilityCheck<unknown[]>>(),
);

/** Defines (or redefines) an ability. Applications call it in lib/extensions.ts. */
export function defineAbility<A extends unknown[]>(
  name: string,
  check: AbilityCheck<A>,
): void {
  defined.set(name, check as AbilityCheck<unknown[]>);
}

/** The service's own definition, used only while the application has not defined `name`. */
export function defineDefaultAbility<A extends unknown[]>(
  name: string,
  check: AbilityCheck<A>,
): void {
  defaults.set(name, check as AbilityCheck<unknown[]>);
}

export function hasAbility(name: string): boolean {
  return defined.has(name) || defaults.has(name);
}

/** Whether `user` may do `name`; an undefined ability allows nothing. */
export async function allows(
  user: PolicyUser,
  name: string,
  ...args: unknown[]
): Promise<boolean> {
  const check = defined.get(name) ?? defaults.get(name);
  if (!check) return false;
  return (await check(user, ...args)) === true;
}

/** The names the application has defined (the tests' shared-process guard watches them). */
export function definedAbilities(): string[] {
  return [...defined.keys()].sort();
}

/** Forgets the application's definitions (tests); defaults stay. */
export function resetAbilities(): void {
  defined.clear();
}

/**
 * contract §2 Ability `laravel-auth.impersonate($user, ?$target)`: administrators; with a target,
 * never themselves nor another administrator (the user policy's rule for every per-account action).
 */
export function impersonateByDefault(
  user: PolicyUser,
  target?: PolicyUser | null,
): boolean {
  return target ? canManageAccount(user, target) : user.isAdmin;
}

defineDefaultAbility(IMPERSONATE_ABILITY, impersonateByDefault);
