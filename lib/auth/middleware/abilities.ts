import "server-only";
import type { AuthState, Context } from "@/lib/server/context";
import { resolveAuth } from "@/lib/auth/guard";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import type { TokenAccess } from "@/lib/server/token-access";
import { tokenCan } from "@/lib/auth/tokens";
import {
  forbidden,
  HttpError,
  InsufficientScopeError,
  unauthenticated,
} from "@/lib/http/errors";

// Sanctum's MissingAbilityException.
const MISSING_ABILITY = "Invalid ability provided.";

export function parseAbilityList(args: string[]): string[] {
  if (args.length === 0 || args.some((arg) => arg === ""))
    throw new Error("needs at least one ability");
  return args;
}

/** What a bearer's abilities are read from: a personal access token's, or an OAuth token's scopes; null for a session. */
const bearerAbilities = (auth: AuthState) =>
  auth.token ?? auth.oauthToken ?? null;

async function currentToken(ctx: Context) {
  const auth = await resolveAuth(ctx);
  if (!auth.user) throw unauthenticated();
  return bearerAbilities(auth);
}

/** Sanctum's `abilities:a,b`: the token must have every ability (sessions have all). */
export async function abilities(
  ctx: Context,
  required: string[],
): Promise<void> {
  const token = await currentToken(ctx);
  if (!required.every((name) => tokenCan(token, name)))
    throw new InsufficientScopeError(MISSING_ABILITY, required);
}

/** Sanctum's `ability:a,b`: the token must have at least one of them. */
export async function ability(ctx: Context, anyOf: string[]): Promise<void> {
  const token = await currentToken(ctx);
  if (!anyOf.some((name) => tokenCan(token, name)))
    throw new InsufficientScopeError(MISSING_ABILITY, anyOf);
}

/**
 * The route's declared ability, run by the pipeline after the guard (decision record 011): a
 * bearer token without it gets 403, and so does a rolled token in its grace on a `tokens:write`
 * route; sessions and guests pass (the guard and the endpoint decide for them). Costs no
 * statement after the guard: the caller and its token's settings are already resolved.
 */
export async function requireTokenAccess(
  ctx: Context,
  access: TokenAccess,
): Promise<void> {
  const auth = await resolveAuth(ctx);
  if (auth.via !== "token") return;
  if (access.ability === SESSION_ONLY)
    throw forbidden(
      "This action needs a signed-in session: a token cannot do it.",
    );
  if (access.ability && !tokenCan(bearerAbilities(auth), access.ability))
    throw new InsufficientScopeError(MISSING_ABILITY, [access.ability]);
  // A third-party app's token reaches only what its scopes name, reads included: Sanctum's "any
  // token may read" is for tokens the owner made (decision record 082).
  const appScopes = access.appScopes ?? [];
  if (
    !access.ability &&
    auth.oauthToken?.app &&
    !appScopes.some((scope) => tokenCan(auth.oauthToken ?? null, scope))
  )
    throw new InsufficientScopeError(MISSING_ABILITY, appScopes);
  // A rolled token's grace is for its deployments to move over, not for managing tokens: else
  // whoever holds a leaked token rolls or revokes its successor and evicts the owner (record 045).
  if (access.ability === "tokens:write" && auth.replacedBy)
    throw forbidden(
      "This token has been rolled: it can no longer manage tokens.",
    );
  if (!access.sessionOnlyFields?.length) return;
  const input = await ctx.input();
  const field = access.sessionOnlyFields.find((name) =>
    Object.hasOwn(input, name),
  );
  if (field)
    throw new HttpError(
      403,
      "Changing the :field field needs a signed-in session: a token cannot do it.",
      {},
      { field },
    );
}
