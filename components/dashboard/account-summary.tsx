"use client";

import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { avatarOf } from "@/lib/client/avatar";
import type { Session, User } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

/** Who is signed in, and the state of their account. */
export function AccountSummary({
  session,
  user,
}: {
  session: Session;
  user: User;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <Card title={t("Signed in as")}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user.name} src={avatarOf(user)} size="lg" />
        {/* A basis, so that on phones "Member since" wraps to its own line instead of squeezing
            the name down to its first letter. */}
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-lg font-semibold wrap-break-word text-zinc-900">
            {user.name}
          </p>
          <p className="text-sm wrap-anywhere text-zinc-500">{user.email}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {session.verified ? (
              <Badge tone="green">{t("Email verified")}</Badge>
            ) : (
              <Badge tone="amber">{t("Email not verified")}</Badge>
            )}
            {session.is_admin && (
              <Badge tone="indigo">{t("Administrator")}</Badge>
            )}
            {session.impersonating && (
              <Badge tone="amber">{t("Impersonated")}</Badge>
            )}
          </div>
        </div>
        {user.created_at && (
          <dl className="text-sm">
            <dt className="text-zinc-500">{t("Member since")}</dt>
            <dd className="font-medium text-zinc-900">
              {formatDate(user.created_at, { dateStyle: "long" })}
            </dd>
          </dl>
        )}
      </div>
    </Card>
  );
}
