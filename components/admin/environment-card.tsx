"use client";

import { KeyValueList } from "@/components/admin/read-only-settings";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { EnvironmentRow } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/** The environment variables of this instance; the server masks the secrets before they leave it. */
export function EnvironmentCard({ rows }: { rows: EnvironmentRow[] }) {
  const t = useT();
  return (
    <Card
      title={t("Environment")}
      description={t("Read at start-up. Changing them needs a restart.")}
    >
      <KeyValueList
        items={rows.map((row) => ({
          key: row.key,
          value: row.value,
          badge: row.secret ? <Badge>{t("Secret")}</Badge> : undefined,
        }))}
      />
    </Card>
  );
}
