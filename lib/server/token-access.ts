import type { RouteAbility } from "@/lib/contract/token-abilities";

/** What a route declares a bearer token needs, checked right after its guard (decision record 011). */
export type TokenAccess = {
  ability: RouteAbility;
  /**
   * The scopes through which a third-party app's token reaches a route the `ability` leaves open
   * to any token (any one of them; decision record 082): its reads. None: no app's token may.
   */
  appScopes?: readonly string[];
  /** Fields that only a session may send (a token sending one gets 403): e.g. `email`. */
  sessionOnlyFields?: readonly string[];
};

/** The registry's name of the step that checks a route's TokenAccess (registered by lib/auth). */
export const TOKEN_ACCESS = "token-ability";
