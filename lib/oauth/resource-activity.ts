import "server-only";
import type { Db } from "@/db/client";
import type { OAuthResource } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";

/** What the activity log keeps of a resource: what an administrator sets, named as its routes' fields. */
const auditedFields = (row: OAuthResource) => ({
  name: row.name,
  scopes: row.scopes.map((scope) => scope.name),
  clients: row.allowedClients,
  token_minutes: row.accessTokenMinutes,
  exchange_client: row.exchangeClientId,
  exchange_scopes: row.exchangeScopes ?? [],
});

/**
 * A registered resource's creation (`after` only), change (both) or deletion (`before` only) in
 * the activity log, written in the change's transaction (decision record 112), as a setting's
 * change is: about no user, the administrator its causer (none from the command line), keyed by
 * the resource's id and identifier, its fields before (`old`) and after (`new`).
 */
export function resourceActivity(
  tx: Pick<Db, "insert">,
  acting: { actor: { id: number | null; ip: string }; now: Date },
  change:
    | { before?: undefined; after: OAuthResource }
    | { before: OAuthResource; after?: OAuthResource },
) {
  const { before, after } = change;
  const row = after ?? (before as OAuthResource);
  return recordActivity(
    tx,
    {
      event: !before
        ? "oauth-resource-created"
        : after
          ? "oauth-resource-updated"
          : "oauth-resource-deleted",
      causerId: acting.actor.id,
      ip: acting.actor.ip,
      properties: {
        resource_id: row.id,
        identifier: row.identifier,
        ...(before && { old: auditedFields(before) }),
        ...(after && { new: auditedFields(after) }),
      },
    },
    acting.now,
  );
}
