import { Badge } from "@/components/ui/badge";
import type { AdminUser } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/** Deleted, verified or not: the account's state as one badge. */
export function UserStatusBadge({ user }: { user: AdminUser }) {
  const t = useT();
  if (user.deleted_at !== null) return <Badge tone="red">{t("Deleted")}</Badge>;
  return user.email_verified_at ? (
    <Badge tone="green">{t("Verified")}</Badge>
  ) : (
    <Badge tone="amber">{t("Unverified")}</Badge>
  );
}
