import type { RouteAbility } from "@/lib/config/token-abilities";

/** What a route declares a bearer token needs, checked right after its guard (decision record 011). */
export type TokenAccess = {
  ability: RouteAbility;
  /** Fields that only a session may send (a token sending one gets 403): e.g. `email`. */
  sessionOnlyFields?: readonly string[];
};

/** The registry's name of the step that checks a route's TokenAccess (registered by lib/auth). */
export const TOKEN_ACCESS = "token-ability";
