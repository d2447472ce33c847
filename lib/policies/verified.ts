import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";

/** docs/contract.md ("Runtime") `must-verify-email`: false reports every user as verified. */
export function isVerified(ctx: { config: AuthConfig }, user: User): boolean {
  return !ctx.config["must-verify-email"] || user.emailVerifiedAt !== null;
}
