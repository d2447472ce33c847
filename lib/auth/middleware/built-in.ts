import "server-only";
import {
  defineMiddleware,
  type Middleware,
  noArgs,
  registerMiddleware,
} from "@/lib/server/middleware";
import { TOKEN_ACCESS } from "@/lib/server/token-access";
import { CREDENTIAL_GUARD } from "@/lib/server/credential-guard";
import { CHALLENGE_STEP } from "@/lib/server/challenge-step";
import { requireChallenge } from "@/lib/auth/challenge/step";
import { guardCredentialAction } from "@/lib/auth/middleware/credential-guard";
import {
  abilities,
  ability,
  parseAbilityList,
  requireTokenAccess,
} from "@/lib/auth/middleware/abilities";
import { authenticate, parseGuard } from "@/lib/auth/middleware/authenticate";
import { guest } from "@/lib/auth/middleware/guest";
import { signed } from "@/lib/auth/middleware/signed";
import { parseThrottle, throttle } from "@/lib/auth/middleware/throttle";
import { requirePasswordConfirmation } from "@/lib/sessions/step-up";

/**
 * The middleware names of contract §4 (`auth:sanctum`, `guest`, `throttle:6,1`, `signed`,
 * `abilities`, `ability`), Laravel's `password.confirm` (the step-up, decision record 024), and the
 * pipeline's token-ability, credential-class and challenge steps: the auth feature's manifest puts them in the
 * registry when the services are built (lib/auth/manifest.ts).
 */
export const AUTH_MIDDLEWARE: Readonly<Record<string, Middleware<never>>> = {
  auth: defineMiddleware({ parse: parseGuard, run: authenticate }),
  guest: defineMiddleware({ parse: noArgs, run: guest }),
  throttle: defineMiddleware({ parse: parseThrottle, run: throttle }),
  signed: defineMiddleware({ parse: noArgs, run: signed }),
  abilities: defineMiddleware({ parse: parseAbilityList, run: abilities }),
  ability: defineMiddleware({ parse: parseAbilityList, run: ability }),
  "password.confirm": defineMiddleware({
    parse: noArgs,
    run: requirePasswordConfirmation,
  }),
  [TOKEN_ACCESS]: defineMiddleware({
    parse: () => null,
    run: requireTokenAccess,
  }),
  [CREDENTIAL_GUARD]: defineMiddleware({
    parse: () => null,
    run: guardCredentialAction,
  }),
  [CHALLENGE_STEP]: defineMiddleware({
    parse: () => null,
    run: requireChallenge,
  }),
};

/** Puts AUTH_MIDDLEWARE in the registry (the middleware's own tests, without the whole composition root). */
export function registerAuthMiddleware(): void {
  for (const [name, middleware] of Object.entries(AUTH_MIDDLEWARE))
    registerMiddleware(name, middleware);
}
