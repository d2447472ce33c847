import "server-only";
import type { Context } from "@/lib/server/context";
import { hasValidSignature } from "@/lib/crypto/signed-urls";
import { forbidden } from "@/lib/http/errors";

/** 403 for a tampered or expired signed link. */
export async function signed(ctx: Context): Promise<void> {
  if (!hasValidSignature(ctx.env.SESSION_SECRET, ctx.url, ctx.now))
    throw forbidden("Invalid signature.");
}
