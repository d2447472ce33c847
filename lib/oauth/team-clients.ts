import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import {
  type OAuthClient,
  oauthAccessTokens,
  oauthClients,
  oauthRefreshTokens,
} from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { invalid } from "@/lib/http/errors";
import { TEAM_CLIENT_PERMISSIONS, TEAM_OWNER_TYPE } from "@/lib/policies/teams";
import type { Context } from "@/lib/server/context";
import type { LedgerExecutor } from "@/lib/server/credential-ledger";
import { actForTeam } from "@/lib/teams/team-permission";
import { liveClientsWithSettings } from "@/lib/oauth/clients";
import { endTokensExchangedFromClients } from "@/lib/oauth/token-families";
import type { Tx } from "@/lib/teams/writes";

// OAuth clients a team owns (decision record 110): Passport 13's `owner` morph names the team,
// `user_id` stays null, so no member's account events reach them; the members whose role grants
// the permission manage them, and they go with the team, as Jetstream deletes a team's resources.

type Action = keyof typeof TEAM_CLIENT_PERMISSIONS;

const NOT_A_TEAM = "The selected :attribute is invalid.";

/** The team that owns a client, or null for a user's or a machine client. */
export const owningTeam = (client: OAuthClient): number | null =>
  client.ownerType === TEAM_OWNER_TYPE ? client.ownerId : null;

/**
 * Runs `run` for `userId` acting on `teamId`'s clients (`actForTeam`): outside the team, or with
 * teams off, `notMember()` (a 422 on `team_id` by default); a role without the permission, 403.
 */
export function authorizeForTeamClient<T = void>(
  ctx: { db: Context["db"]; config: AuthConfig },
  userId: number,
  teamId: number,
  action: Action,
  notMember: () => Error = () => invalid("team_id", NOT_A_TEAM),
  run: (tx: Tx) => Promise<T> = async () => undefined as T,
): Promise<T> {
  return actForTeam(
    ctx,
    userId,
    teamId,
    TEAM_CLIENT_PERMISSIONS[action],
    notMember,
    run,
  );
}

/** The team's live clients, newest first, with their settings (GET /oauth/clients?team_id=). */
export const teamClients = (tx: Tx, teamId: number) =>
  liveClientsWithSettings(
    tx,
    and(
      eq(oauthClients.ownerType, TEAM_OWNER_TYPE),
      eq(oauthClients.ownerId, teamId),
    ),
  );

/**
 * A team's clients are the team's (decision record 110): no account event of a member ends them
 * (`user_id` is null); they end when the team is deleted or purged with its owner's account
 * (lib/teams/writes.ts purgeTeam), with every token they hold. The ledger's `oauth-clients`.
 */
export const endTeamClients = (
  tx: LedgerExecutor,
  teamId: number,
  now: Date,
): Promise<number> =>
  revokeClients(
    tx,
    and(
      eq(oauthClients.ownerType, TEAM_OWNER_TYPE),
      eq(oauthClients.ownerId, teamId),
      eq(oauthClients.revoked, false),
    ),
    now,
  );

/**
 * Revokes the clients `where` picks and every token they hold, as deleting a client does, and the
 * tokens resource servers got by exchanging theirs (decision record 115); how many.
 */
export async function revokeClients(
  tx: Pick<LedgerExecutor, "select" | "update">,
  where: SQL | undefined,
  now: Date,
): Promise<number> {
  const revoked = await tx
    .update(oauthClients)
    .set({ revoked: true, updatedAt: now })
    .where(where)
    .returning({ id: oauthClients.id });
  const ids = revoked.map((client) => client.id);
  await endTokensExchangedFromClients(tx, ids);
  await revokeClientTokens(tx, ids);
  return revoked.length;
}

/** Revokes every access and refresh token the clients hold. */
async function revokeClientTokens(
  tx: Pick<LedgerExecutor, "update">,
  clientIds: readonly string[],
): Promise<void> {
  if (clientIds.length === 0) return;
  const tokens = await tx
    .update(oauthAccessTokens)
    .set({ revoked: true })
    .where(inArray(oauthAccessTokens.clientId, [...clientIds]))
    .returning({ id: oauthAccessTokens.id });
  if (tokens.length > 0)
    await tx
      .update(oauthRefreshTokens)
      .set({ revoked: true })
      .where(
        inArray(
          oauthRefreshTokens.accessTokenId,
          tokens.map((token) => token.id),
        ),
      );
}
