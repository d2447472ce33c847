import "server-only";
import type { Context } from "@/lib/auth/context";
import { resolveAuth } from "@/lib/auth/guard";
import { tokenCan } from "@/lib/auth/tokens";
import { forbidden, unauthenticated } from "@/lib/http/errors";

export function parseAbilityList(args: string[]): string[] {
  if (args.length === 0 || args.some((arg) => arg === "")) throw new Error("needs at least one ability");
  return args;
}

async function currentToken(ctx: Context) {
  const auth = await resolveAuth(ctx);
  if (!auth.user) throw unauthenticated();
  return auth.token;
}

/** Sanctum's `abilities:a,b`: the token must have every ability (sessions have all). */
export async function abilities(ctx: Context, required: string[]): Promise<void> {
  const token = await currentToken(ctx);
  if (!required.every((name) => tokenCan(token, name))) throw forbidden("Invalid ability provided.");
}

/** Sanctum's `ability:a,b`: the token must have at least one of them. */
export async function ability(ctx: Context, anyOf: string[]): Promise<void> {
  const token = await currentToken(ctx);
  if (!anyOf.some((name) => tokenCan(token, name))) throw forbidden("Invalid ability provided.");
}
