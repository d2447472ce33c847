"use client";

import { useId } from "react";
import { ScopeList } from "@/components/oauth/app-request";
import { useT } from "@/lib/client/i18n";
import type { AuthorizationRequest } from "@/lib/client/use-oauth-consent";

/**
 * What the server of a resource the app asks for may do here for the user, by exchanging the
 * app's token (RFC 8693, decision record 115): this server's scopes in its own words, so the user
 * allows it knowingly. Nothing when no such resource is asked for.
 */
export function ConsentExchanges({
  exchanges,
}: {
  exchanges: AuthorizationRequest["exchanges"];
}) {
  const t = useT();
  const id = useId();
  return exchanges.map(({ resource, scopes }, index) => (
    <section key={resource.identifier} aria-labelledby={`${id}-${index}`}>
      <h2
        id={`${id}-${index}`}
        className="mb-3 text-sm font-semibold text-zinc-900"
      >
        {t("On your behalf, the server of :resource will also be able to:", {
          resource: resource.name,
        })}
      </h2>
      <ScopeList scopes={scopes} />
    </section>
  ));
}
