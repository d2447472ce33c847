import type { TeamRole } from "@/lib/client/contract";
import type { Translate } from "@/lib/client/i18n";

/**
 * A member's or invitation's role as the screens show it: the declared role's name through the
 * messages, as Jetstream's `Role` passes it through `__()`; an undeclared key as it is.
 */
export function roleName(
  roles: readonly TeamRole[] | undefined,
  key: string | null,
  t: Translate,
): string {
  const role = roles?.find((declared) => declared.key === key);
  return role ? t(role.name) : (key ?? "");
}
