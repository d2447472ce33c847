import "server-only";
import type { Db } from "@/db/client";
import type { OAuthResource } from "@/db/schema";
import { type ActivityEvent, recordActivity } from "@/lib/audit/activity";

/** What the activity log keeps of a resource: what an administrator sets, named as its routes' fields. */
export const auditedFields = (row: OAuthResource) => ({
  name: row.name,
  scopes: row.scopes.map((scope) => scope.name),
  clients: row.allowedClients,
  token_minutes: row.accessTokenMinutes,
});

/**
 * A registered resource's creation, change or deletion in the activity log, written in the
 * change's transaction (decision record 112), as a setting's change is: about no user, the
 * administrator its causer (none from the command line), keyed by the resource's id and identifier.
 */
export function resourceActivity(
  tx: Pick<Db, "insert">,
  acting: { actor: { id: number | null; ip: string }; now: Date },
  event: Extract<ActivityEvent, `oauth-resource-${string}`>,
  row: OAuthResource,
  change: Record<string, unknown>,
) {
  return recordActivity(
    tx,
    {
      event,
      causerId: acting.actor.id,
      ip: acting.actor.ip,
      properties: {
        resource_id: row.id,
        identifier: row.identifier,
        ...change,
      },
    },
    acting.now,
  );
}
