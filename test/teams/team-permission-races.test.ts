import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, oauthAuthCodes, oauthClients } from "@/db/schema";
import type { Db } from "@/db/client";
import {
  OAUTH_CLIENT_ROUTE,
  OAUTH_CLIENT_SECRET_ROUTE,
  OAUTH_CLIENT_STORE_ROUTE,
} from "@/lib/oauth/json-api-routes";
import { REMOVE_MEMBER, UPDATE_MEMBER } from "@/lib/teams/routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { TEAMS_WITH_ROLES, teamOfRound } from "../support/teams";
import { stepUp } from "../support/two-factor";
import { authorizationUrlWithPkce, registerWebApp } from "../oauth/flows";
import { AUTHORIZE, discover, REDIRECT_URI } from "../oauth/support";

// Decision record 110: what a member does for a team holds the team's row shared while it writes
// (lib/teams/team-permission.ts actForTeam): a team's app edited or its secret rotated, an app
// approved for the team. So the owner taking the permission away (a removal, a role without it)
// applies before, and the change is refused, or after, and ends what the change made; never in
// between: no secret issued to, no app changed by, no grant for the team left with someone who
// has just lost the permission. The interleaving is made, not hoped for: this connection holds
// the app's row, so the member's request waits after its permission check, and the owner's
// request is sent then. Two connections at once: PostgreSQL only (PGlite is one connection).
const app = useTestApp(TEAMS_WITH_ROLES);
const db = () => app.database.db;

const POLL_MS = 20;
// A loaded CI machine may take seconds to bring a request to its lock.
const WAIT_MS = 20_000;
const RACE_TIMEOUT_MS = 60_000;

/** The rows of a plain statement: postgres.js answers them as the result itself. */
async function rowsOf<T>(query: Db, statement: ReturnType<typeof sql>) {
  return (await query.execute(statement)) as unknown as T[];
}

/** The backends waiting on a lock `pid` holds. */
const waitersOn = async (pid: number) =>
  (
    await rowsOf<{ pid: number }>(
      db(),
      sql`select pid from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`,
    )
  ).map((row) => row.pid);

/** Polls `found` until it answers something other than undefined. */
async function eventually<T>(found: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    const value = await found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error("waited in vain");
}

/**
 * Runs `during` while this test's own connection holds the app's row `FOR UPDATE`: a request
 * that writes the row waits on it, after whatever it checked before the write.
 */
function holdingAppRow(id: string, during: (holder: number) => Promise<void>) {
  return db().transaction(async (tx) => {
    await tx
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(eq(oauthClients.id, id))
      .for("update");
    const [holder] = await rowsOf<{ pid: number }>(
      tx as unknown as Db,
      sql`select pg_backend_pid() as pid`,
    );
    if (!holder) throw new Error("no backend pid");
    await during(holder.pid);
  });
}

type Answer = { status: number; text: string };

/**
 * The member's request sent while this test holds the app's row, so it waits after its permission
 * check; then the owner's, and the row let go once the owner's request either waits on the
 * member's (the team's row is held: `ownerWaited`) or, without the lock, has been answered
 * meanwhile. (The order of the two answers says nothing: each does more after its transaction.)
 */
async function interleaved(
  appId: string,
  member: () => Promise<Answer>,
  owner: () => Promise<Answer>,
) {
  let ownerAnswered = false;
  let memberAnswer: Promise<Answer> | undefined;
  let ownerAnswer: Promise<Answer> | undefined;
  let ownerWaited = false;
  await holdingAppRow(appId, async (holder) => {
    memberAnswer = member();
    const waiting = await eventually(async () => (await waitersOn(holder))[0]);
    ownerAnswer = owner().then((answer) => {
      ownerAnswered = true;
      return answer;
    });
    ownerWaited = await eventually(async () => {
      if (ownerAnswered) return false;
      return (await waitersOn(waiting)).length > 0 ? true : undefined;
    });
  });
  const [forMember, forOwner] = await Promise.all([memberAnswer, ownerAnswer]);
  if (!forMember || !forOwner) throw new Error("a request was not sent");
  return { member: forMember, owner: forOwner, ownerWaited };
}

type TakenAway = "removed" | "made a viewer";

const takeAway = (
  owner: Agent,
  team: number,
  member: number,
  how: TakenAway,
) =>
  how === "removed"
    ? owner.delete(`/teams/${team}/members/${member}`, {
        host: REMOVE_MEMBER,
        params: { team: String(team), user: String(member) },
      })
    : owner.put(
        `/teams/${team}/members/${member}`,
        { role: "viewer" },
        {
          host: UPDATE_MEMBER,
          params: { team: String(team), user: String(member) },
        },
      );

type Change = "rotate" | "edit";

async function teamApp(round: number) {
  const { member, ownerAgent, team } = await teamOfRound(app, "editor", round);
  await stepUp(ownerAgent);
  const made = await ownerAgent.post(
    "/oauth/clients",
    { name: "Acme portal", redirect_uris: [REDIRECT_URI], team_id: team },
    { host: OAUTH_CLIENT_STORE_ROUTE },
  );
  expect(made.status, made.text).toBe(201);
  const memberAgent = await signIn(app, member);
  await stepUp(memberAgent);
  return { member, memberAgent, ownerAgent, team, id: made.body.id as string };
}

const change = (agent: Agent, id: string, what: Change) =>
  what === "rotate"
    ? agent.post(
        `/oauth/clients/${id}/secret`,
        {},
        { host: OAUTH_CLIENT_SECRET_ROUTE, params: { id } },
      )
    : agent.put(
        `/oauth/clients/${id}`,
        { name: "Renamed", redirect_uris: [REDIRECT_URI] },
        { host: OAUTH_CLIENT_ROUTE, params: { id } },
      );

const CASES: [Change, TakenAway][] = [
  ["rotate", "removed"],
  ["rotate", "made a viewer"],
  ["edit", "removed"],
  ["edit", "made a viewer"],
];

describe.skipIf(!process.env.DATABASE_URL)(
  "the owner taking the permission away while a member acts for the team (decision record 110)",
  () => {
    it.each(CASES.map((pair, round) => [...pair, round] as const))(
      "a team's app: %s, the member %s meanwhile: the owner's change waits for it, so it is never made by someone without the permission",
      async (what, how, round) => {
        const { member, memberAgent, ownerAgent, team, id } =
          await teamApp(round);
        const answers = await interleaved(
          id,
          () => change(memberAgent, id, what),
          () => takeAway(ownerAgent, team, member.id, how),
        );
        expect(answers.owner.status, answers.owner.text).toBe(200);
        expect(answers.member.status, answers.member.text).toBe(200);
        expect(answers.ownerWaited).toBe(true);
        if (what === "rotate")
          // Written in the order they were applied: the rotation's entry, in its transaction,
          // before the owner's, written once the team's row was theirs.
          expect(
            (
              await db()
                .select({ event: activityLog.event })
                .from(activityLog)
                .where(
                  inArray(activityLog.event, [
                    "oauth-client-secret-rotated",
                    "team-member-removed",
                    "team-member-updated",
                  ]),
                )
                .orderBy(activityLog.id)
            ).map((entry) => entry.event),
          ).toEqual([
            "oauth-client-secret-rotated",
            how === "removed" ? "team-member-removed" : "team-member-updated",
          ]);
        // The permission is gone now: the next change is refused.
        const again = await change(memberAgent, id, what);
        expect(again.status).toBe(how === "removed" ? 404 : 403);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      "consent for the team, the member removed meanwhile: the removal waits for the approval and ends its code",
      async () => {
        const as = await discover(app);
        const { client } = await registerWebApp(app);
        const { member, ownerAgent, team } = await teamOfRound(app);
        const memberAgent = await signIn(app, member);
        const { url } = await authorizationUrlWithPkce(as, {
          clientId: client.client_id,
          // With `openid` the approval records the session's client (lib/oauth/session-clients.ts),
          // whose key names the app's row: there it waits, its code written, the team's row held.
          scope: "openid",
          state: "s",
        });
        const shown = await memberAgent.get(url.pathname + url.search, {
          host: AUTHORIZE,
        });
        expect(shown.status, shown.text).toBe(200);
        const answers = await interleaved(
          client.client_id,
          () =>
            memberAgent.post(
              "/oauth/authorize",
              {
                auth_token: shown.body.auth_token,
                state: shown.body.state,
                client_id: shown.body.client_id,
                team_id: team,
              },
              { host: AUTHORIZE },
            ),
          () => takeAway(ownerAgent, team, member.id, "removed"),
        );
        expect(answers.owner.status, answers.owner.text).toBe(200);
        expect(answers.member.status, answers.member.text).toBe(200);
        const live = await db()
          .select({ scopes: oauthAuthCodes.scopes })
          .from(oauthAuthCodes)
          .where(
            and(
              eq(oauthAuthCodes.userId, member.id),
              eq(oauthAuthCodes.revoked, false),
            ),
          );
        expect(live).toEqual([]);
        expect(answers.ownerWaited).toBe(true);
      },
      RACE_TIMEOUT_MS,
    );
  },
);
