import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as oauth from "oauth4webapi";
import {
  passwordlessLinks,
  oauthConsents,
  passkeyChallenges,
  passwordResetTokens,
  pendingUserEmails,
  sessions,
  twoFactorChallenges,
  users,
} from "@/db/schema";
import type { TestApp } from "../support/app";
import { passkeySignIn } from "../support/passkeys";
import {
  clientCredentials,
  clientOptions,
  REDIRECT_URI,
} from "../oauth/support";
import type { Holdings } from "./holdings";

/**
 * Whether a holding is still a way into the account. `http` probes use it as its holder would;
 * `database` probes read where it is kept, for kinds a request cannot try alone: the second
 * factor and a pending sign-in need a code of the authenticator, using a reset link is itself an
 * account event, an address change and a passkey ceremony wait on their mailbox or their session,
 * an impersonation is another user's session, remember-me's token is the one the cookie must
 * match (users.remember_token rotated or not), and an app's remembered consent is tried only by a
 * signed-in session of the owner beside a live token of the app.
 */
export type Probe = {
  how: "http" | "database";
  /** The try spends the holding (a code is exchanged once, a refresh token rotates). */
  spends: boolean;
  works(app: TestApp, held: Holdings): Promise<boolean>;
};

const http = (works: Probe["works"], spends = false): Probe => ({
  how: "http",
  spends,
  works,
});
const database = (works: Probe["works"]): Probe => ({
  how: "database",
  spends: false,
  works,
});

async function signedInAs(app: TestApp, held: Holdings, bearer: string) {
  const answer = await app.agent().get("/auth/get-auth", { bearer });
  return answer.body.user?.id === held.owner.id;
}

/** A token endpoint's answer judged by oauth4webapi: false on an OAuth error, true on tokens. */
async function granted(exchange: () => Promise<unknown>): Promise<boolean> {
  try {
    await exchange();
    return true;
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return false;
    if (error instanceof oauth.WWWAuthenticateChallengeError) return false;
    throw error;
  }
}

const refreshes = (app: TestApp, held: Holdings, refreshToken: string) =>
  granted(async () =>
    oauth.processRefreshTokenResponse(
      held.as,
      held.app,
      await oauth.refreshTokenGrantRequest(
        held.as,
        held.app,
        oauth.None(),
        refreshToken,
        clientOptions(app),
      ),
    ),
  );

const redeems = (app: TestApp, held: Holdings, code: Holdings["code"]) =>
  granted(async () =>
    oauth.processAuthorizationCodeResponse(
      held.as,
      held.app,
      await oauth.authorizationCodeGrantRequest(
        held.as,
        held.app,
        oauth.None(),
        code.params,
        REDIRECT_URI,
        code.verifier,
        clientOptions(app),
      ),
    ),
  );

/** A database probe: whether `table` still keeps a row of the owner's. */
const keeps = (table: PgTable, owned: (held: Holdings) => SQL | undefined) =>
  database(
    async (app, held) =>
      (
        await app.database.db
          .select({ one: sql`1` })
          .from(table)
          .where(owned(held))
      ).length > 0,
  );

/**
 * One probe per kind of the ledger, by its name. The database probes run first, then the HTTP
 * ones in this order: the refresh grant revokes the access token it replaces, so that token is
 * tried before it.
 */
export const PROBES: Record<string, Probe> = {
  "remember-me": database(async (app, held) => {
    const [row] = await app.database.db
      .select({ token: users.rememberToken })
      .from(users)
      .where(eq(users.id, held.owner.id));
    return row?.token === held.rememberToken;
  }),
  "two-factor": keeps(users, (held) =>
    and(eq(users.id, held.owner.id), isNotNull(users.twoFactorSecret)),
  ),
  "two-factor-challenges": keeps(twoFactorChallenges, (held) =>
    eq(twoFactorChallenges.userId, held.owner.id),
  ),
  "password-reset-links": keeps(
    passwordResetTokens,
    (held) =>
      sql`lower(${passwordResetTokens.email}) = lower(${held.owner.email})`,
  ),
  "passwordless-links": keeps(passwordlessLinks, (held) =>
    eq(passwordlessLinks.userId, held.owner.id),
  ),
  "pending-email-changes": keeps(pendingUserEmails, (held) =>
    eq(pendingUserEmails.userId, held.owner.id),
  ),
  "passkey-registrations": keeps(passkeyChallenges, (held) =>
    eq(passkeyChallenges.userId, held.owner.id),
  ),
  impersonations: keeps(sessions, (held) =>
    eq(sessions.impersonatorId, held.owner.id),
  ),
  "oauth-consents": keeps(oauthConsents, (held) =>
    eq(oauthConsents.userId, held.owner.id),
  ),
  "browser-sessions": http(async (_app, held) => {
    const answer = await held.browser.get("/auth/get-auth");
    return answer.body.user?.id === held.owner.id;
  }),
  // The owner's own token and the team's: a team's membership ends only the latter
  // (test/teams/team-tokens.test.ts shows the own one staying).
  "sanctum-tokens": http(
    async (app, held) =>
      (await signedInAs(app, held, held.teamToken)) &&
      signedInAs(app, held, held.sanctumToken),
  ),
  // The app's own grant and the one approved for the team: a team's membership ends only the
  // latter (test/oauth/team-consent.test.ts shows the own one staying).
  "oauth-access-tokens": http(
    async (app, held) =>
      (await signedInAs(app, held, held.teamAccessToken)) &&
      signedInAs(app, held, held.accessToken),
  ),
  "passport-personal-access-tokens": http((app, held) =>
    signedInAs(app, held, held.personalAccessToken),
  ),
  "oauth-refresh-tokens": http(
    async (app, held) =>
      (await refreshes(app, held, held.teamRefreshToken)) &&
      refreshes(app, held, held.refreshToken),
    true,
  ),
  "oauth-auth-codes": http(
    async (app, held) =>
      (await redeems(app, held, held.teamCode)) &&
      redeems(app, held, held.code),
    true,
  ),
  "oauth-device-codes": http(
    (_app, held) =>
      granted(async () =>
        oauth.processDeviceCodeResponse(
          held.as,
          held.device,
          await held.pollDevice(),
        ),
      ),
    true,
  ),
  "oauth-clients": http(
    async (app, held) =>
      (await clientCredentials(
        app,
        held.ownClient.id,
        held.ownClient.secret,
      )) === "token",
  ),
  passkeys: http(async (app, held) => {
    const { response } = await passkeySignIn(app, held.authenticator);
    return response.body?.user?.id === held.owner.id;
  }),
};
