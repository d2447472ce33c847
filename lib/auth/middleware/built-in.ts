import "server-only";
import { noArgs, registerMiddleware } from "@/lib/server/middleware";
import { TOKEN_ACCESS } from "@/lib/server/token-access";
import { CREDENTIAL_GUARD } from "@/lib/server/credential-guard";
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
 * The middleware names of SPEC.md §4 (`auth:sanctum`, `guest`, `throttle:6,1`, `signed`,
 * `abilities`, `ability`), Laravel's `password.confirm` (the step-up, decision record 024), and the
 * pipeline's token-ability and credential-class steps, put in the registry when the services are built.
 */
export function registerAuthMiddleware(): void {
  registerMiddleware("auth", { parse: parseGuard, run: authenticate });
  registerMiddleware("guest", { parse: noArgs, run: guest });
  registerMiddleware("throttle", { parse: parseThrottle, run: throttle });
  registerMiddleware("signed", { parse: noArgs, run: signed });
  registerMiddleware("abilities", { parse: parseAbilityList, run: abilities });
  registerMiddleware("ability", { parse: parseAbilityList, run: ability });
  registerMiddleware("password.confirm", {
    parse: noArgs,
    run: requirePasswordConfirmation,
  });
  registerMiddleware(TOKEN_ACCESS, {
    parse: () => null,
    run: requireTokenAccess,
  });
  registerMiddleware(CREDENTIAL_GUARD, {
    parse: () => null,
    run: guardCredentialAction,
  });
}
