import "server-only";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { invalid } from "@/lib/http/errors";
import { isAdmin } from "@/lib/policies/admin";

/**
 * The settings editor cannot lock the administrators out (decision 011): a change or a revert
 * that would leave `admins` empty, or take the acting administrator's own rights away (removing
 * their address, or turning must-verify-email on while it is unverified), is a 422 on `value`.
 */
export function assertAdministratorsKept(
  actor: User,
  before: AuthConfig,
  after: AuthConfig,
): void {
  if (before.admins.length > 0 && after.admins.length === 0)
    throw invalid("value", "At least one administrator must remain.");
  if (isAdmin(actor, before) && !isAdmin(actor, after))
    throw invalid(
      "value",
      "This change would take away your own administrator rights.",
    );
}
