import "server-only";
import { and, eq, inArray, like, notLike, sql } from "drizzle-orm";
import {
  oauthAccessTokens,
  oauthAuthCodes,
  oauthClients,
  oauthConsents,
  oauthDeviceCodes,
  oauthRefreshTokens,
} from "@/db/schema";
import type {
  AccountEvent,
  CredentialKind,
  LedgerExecutor,
  LedgerTarget,
  Outcome,
} from "@/lib/server/credential-ledger";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { teamAbility } from "@/lib/policies/teams";
import { PERSONAL_ACCESS_GRANT } from "@/lib/oauth/clients";
import { endTeamClients } from "@/lib/oauth/team-clients";
import { endTokensExchangedFromClients } from "@/lib/oauth/token-families";

// The OAuth server's ways into an account, in the credential ledger (decision record 082).
// Passport's rows are revoked, as Passport's own revocations do, not deleted: a Laravel
// application on the same database reads them as it would.

const PERSONAL = `%"${PERSONAL_ACCESS_GRANT}"%`;

/** A bearer token ends on the events that end Sanctum's (lib/auth/credentials.ts). */
const BEARER_ENDS_ON = {
  "password-reset": "ends",
  "address-claimed": "ends",
  "password-changed": (config) => config.tokens["revoke-on-password-change"],
  "account-deleted": "ends",
  "admin-deleted": "ends",
} as const satisfies Record<string, Outcome>;

/** A grant approved for a team ends when its user leaves that team (decision record 110). */
const GRANT_ENDS_ON = {
  ...BEARER_ENDS_ON,
  "team-membership-ended": "ends",
} as const satisfies Record<string, Outcome>;

/**
 * On `team-membership-ended`, only the rows whose scopes name the team (`team:{id}`), read in the
 * JSON text as Passport writes it, as lib/auth/tokens.ts flushTokens reads Sanctum's; else all.
 */
function ofTheTeam(
  scopes: AnyPgColumn,
  target: LedgerTarget,
  event: AccountEvent,
) {
  if (event !== "team-membership-ended") return undefined;
  if (target.teamId === undefined) return sql`false`;
  return sql`position(${JSON.stringify(teamAbility(target.teamId))} in ${scopes}) > 0`;
}

const personalClients = (tx: LedgerExecutor) =>
  tx
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(like(oauthClients.grantTypes, PERSONAL));

async function revokeAccessTokens(
  tx: LedgerExecutor,
  target: LedgerTarget,
  personal: boolean,
  event: AccountEvent,
): Promise<number> {
  const clients = personalClients(tx);
  const revoked = await tx
    .update(oauthAccessTokens)
    .set({ revoked: true, updatedAt: target.now })
    .where(
      and(
        eq(oauthAccessTokens.userId, target.userId),
        eq(oauthAccessTokens.revoked, false),
        personal
          ? inArray(oauthAccessTokens.clientId, clients)
          : sql`${oauthAccessTokens.clientId} not in ${clients}`,
        ofTheTeam(oauthAccessTokens.scopes, target, event),
      ),
    )
    .returning({ id: oauthAccessTokens.id });
  return revoked.length;
}

/** Tokens third-party apps hold for the user (code, device, refresh grants); a live one is also the remembered consent (lib/oauth/auth-codes.ts approvedBefore). */
const accessTokens: CredentialKind = {
  name: "oauth-access-tokens",
  stores: ["oauth_access_tokens"],
  aliveCheck:
    "the bearer guard joins the token to its user, not deleted, in one statement (lib/oauth/bearer.ts)",
  endsOn: GRANT_ENDS_ON,
  end: (tx, target, event) => revokeAccessTokens(tx, target, false, event),
};

/** Passport's personal access tokens: access tokens of the personal access client. */
const personalAccessTokens: CredentialKind = {
  name: "passport-personal-access-tokens",
  stores: ["oauth_access_tokens"],
  aliveCheck: "as oauth-access-tokens (lib/oauth/bearer.ts)",
  endsOn: BEARER_ENDS_ON,
  end: (tx, target, event) => revokeAccessTokens(tx, target, true, event),
};

const refreshTokens: CredentialKind = {
  name: "oauth-refresh-tokens",
  stores: ["oauth_refresh_tokens"],
  aliveCheck:
    "revoked with the account (this ledger); the refresh grant rotates only while its user is alive (lib/oauth/grants/live-user.ts)",
  endsOn: GRANT_ENDS_ON,
  async end(tx, target, event) {
    const revoked = await tx
      .update(oauthRefreshTokens)
      .set({ revoked: true })
      .where(
        and(
          eq(oauthRefreshTokens.revoked, false),
          inArray(
            oauthRefreshTokens.accessTokenId,
            tx
              .select({ id: oauthAccessTokens.id })
              .from(oauthAccessTokens)
              .where(
                and(
                  eq(oauthAccessTokens.userId, target.userId),
                  ofTheTeam(oauthAccessTokens.scopes, target, event),
                ),
              ),
          ),
        ),
      )
      .returning({ id: oauthRefreshTokens.id });
    return revoked.length;
  },
};

const authCodes: CredentialKind = {
  name: "oauth-auth-codes",
  stores: ["oauth_auth_codes"],
  aliveCheck:
    "revoked with the account (this ledger); the code grant claims a code only while its user is alive (lib/oauth/grants/live-user.ts)",
  endsOn: GRANT_ENDS_ON,
  async end(tx, target, event) {
    const revoked = await tx
      .update(oauthAuthCodes)
      .set({ revoked: true })
      .where(
        and(
          eq(oauthAuthCodes.userId, target.userId),
          eq(oauthAuthCodes.revoked, false),
          ofTheTeam(oauthAuthCodes.scopes, target, event),
        ),
      )
      .returning({ id: oauthAuthCodes.id });
    return revoked.length;
  },
};

const deviceCodes: CredentialKind = {
  name: "oauth-device-codes",
  stores: ["oauth_device_codes"],
  aliveCheck:
    "revoked with the account (this ledger); the device grant claims a code only while its user is alive (lib/oauth/grants/live-user.ts)",
  endsOn: BEARER_ENDS_ON,
  async end(tx, target) {
    const revoked = await tx
      .update(oauthDeviceCodes)
      .set({ revoked: true })
      .where(
        and(
          eq(oauthDeviceCodes.userId, target.userId),
          eq(oauthDeviceCodes.revoked, false),
        ),
      )
      .returning({ id: oauthDeviceCodes.id });
    return revoked.length;
  },
};

/**
 * The redirect URIs each approval covered (lib/oauth/consents.ts): with a live token, the consent
 * a client's next request skips. They end with the tokens, so an app asks again afterwards.
 */
const consents: CredentialKind = {
  name: "oauth-consents",
  stores: ["oauth_consents"],
  aliveCheck:
    "read only by /oauth/authorize for the signed-in user (lib/oauth/authorize.ts)",
  endsOn: BEARER_ENDS_ON,
  async end(tx, target) {
    const ended = await tx
      .delete(oauthConsents)
      .where(eq(oauthConsents.userId, target.userId))
      .returning({ userId: oauthConsents.userId });
    return ended.length;
  },
};

/**
 * The clients the user registered (their secrets are ways in for whoever holds them): revoked
 * when the account was not the registrant's to begin with, and with the account itself (a
 * restore does not bring them back: the owner registers anew). Their tokens were revoked by the
 * kinds above, which ran first, for the user's own grants; a client's other users' grants end
 * with the client (its revocation is read by every grant and guard), and the tokens resource
 * servers got by exchanging theirs are revoked (the guard does not read the host's client on
 * them: decision record 115). A team's clients name no user and end with their team (decision
 * record 110).
 */
const clients: CredentialKind = {
  name: "oauth-clients",
  stores: ["oauth_clients", "oauth_client_settings"],
  aliveCheck:
    "revoked with the account (this ledger); the token endpoint and the bearer guard refuse a revoked client (lib/oauth/token-endpoint.ts, lib/oauth/bearer.ts)",
  endsOn: {
    "address-claimed": "ends",
    "account-deleted": "ends",
    "admin-deleted": "ends",
  },
  async end(tx, target) {
    const revoked = await tx
      .update(oauthClients)
      .set({ revoked: true, updatedAt: target.now })
      .where(
        and(
          eq(oauthClients.userId, target.userId),
          eq(oauthClients.revoked, false),
          notLike(oauthClients.grantTypes, PERSONAL),
        ),
      )
      .returning({ id: oauthClients.id });
    await endTokensExchangedFromClients(
      tx,
      revoked.map((client) => client.id),
    );
    return revoked.length;
  },
  endWithTeam: endTeamClients,
};

export const OAUTH_CREDENTIALS: readonly CredentialKind[] = [
  accessTokens,
  personalAccessTokens,
  refreshTokens,
  authCodes,
  deviceCodes,
  consents,
  clients,
];
