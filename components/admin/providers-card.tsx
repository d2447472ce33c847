"use client";

import { KeyValueList } from "@/components/admin/read-only-settings";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { ProviderRow } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/** The social sign-in providers of SERVICES_CONFIG_JSON, client secrets masked by the server. */
export function ProvidersCard({ providers }: { providers: ProviderRow[] }) {
  const t = useT();
  return (
    <Card
      title={t("Social sign-in providers")}
      description={t("Set in SERVICES_CONFIG_JSON at start-up.")}
    >
      {providers.length === 0 ? (
        <EmptyState title={t("No providers configured")}>
          {t("Sign-in is by email and password only.")}
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {providers.map(({ name, driver, ...fields }) => (
            <section key={name} aria-label={name}>
              <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-900">
                {name} <Badge tone="indigo">{driver}</Badge>
              </h3>
              <div className="mt-3">
                <KeyValueList
                  items={Object.entries(fields).map(([key, value]) => ({
                    key,
                    value,
                  }))}
                />
              </div>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
