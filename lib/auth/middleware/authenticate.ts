import "server-only";
import type { Context } from "@/lib/server/context";
import { resolveAuth, resolveSessionAuth } from "@/lib/auth/guard";
import { unauthenticated } from "@/lib/http/errors";
import { enforceEnrolment } from "@/lib/auth/two-factor/policy";

export type Guard = "sanctum" | "web";

/** `auth:sanctum` (session or token, the default) or `auth:web` (session only). */
export function parseGuard(args: string[]): Guard {
  const [guard = "sanctum", ...rest] = args;
  if (rest.length > 0 || (guard !== "sanctum" && guard !== "web"))
    throw new Error('guard must be "sanctum" or "web"');
  return guard;
}

/** 401 unless the guard finds a user (contract §7); 403 while they must enrol a second factor first (decision record 023). */
export async function authenticate(ctx: Context, guard: Guard): Promise<void> {
  const auth =
    guard === "web" ? await resolveSessionAuth(ctx) : await resolveAuth(ctx);
  if (!auth.user) throw unauthenticated();
  ctx.auth = auth;
  enforceEnrolment(ctx, auth.user);
}
