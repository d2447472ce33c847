import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oauthClients } from "@/db/schema";
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
import { REDIRECT_URI } from "../oauth/support";

// Decision record 110: a team's app is edited and its secret rotated holding the team's row
// shared, as its other changes are (lib/teams/team-permission.ts actForTeam), so the owner taking
// the permission away (a removal, a role without `update`) applies before the change, which is
// then refused, or after it, never in between: no secret is issued to, and no app changed by,
// someone who has just lost the permission. The interleaving is made, not hoped for: this
// connection holds the app's row, so the change waits after its permission check, and the owner's
// request is sent then. Two connections at once: PostgreSQL only (PGlite is one connection).
const app = useTestApp(TEAMS_WITH_ROLES);
const db = () => app.database.db;

const POLL_MS = 20;
const WAIT_MS = 10_000;

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

type Change = "rotate" | "edit";
type TakenAway = "removed" | "made a viewer";

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

const CASES: [Change, TakenAway][] = [
  ["rotate", "removed"],
  ["rotate", "made a viewer"],
  ["edit", "removed"],
  ["edit", "made a viewer"],
];

describe.skipIf(!process.env.DATABASE_URL)(
  "a team's app changed while the member loses the permission (decision record 110)",
  () => {
    it.each(CASES.map((pair, round) => [...pair, round] as const))(
      "%s, the member %s meanwhile: the owner's change waits for it, so it is never made by someone without the permission",
      async (what, how, round) => {
        const { member, memberAgent, ownerAgent, team, id } =
          await teamApp(round);
        const finished: string[] = [];
        let changed: Promise<{ status: number; text: string }> | undefined;
        let takenAway: Promise<{ status: number; text: string }> | undefined;
        await holdingAppRow(id, async (holder) => {
          changed = change(memberAgent, id, what).then((answer) => {
            finished.push(what);
            return answer;
          });
          // The change has passed its permission check and waits to write the row.
          const changing = await eventually(
            async () => (await waitersOn(holder))[0],
          );
          takenAway = takeAway(ownerAgent, team, member.id, how).then(
            (answer) => {
              finished.push(how);
              return answer;
            },
          );
          // Either the owner's request waits for the change (the team's row is held), or,
          // without the lock, it is applied at once, while the change is still to be written.
          await eventually(async () =>
            finished.includes(how) || (await waitersOn(changing)).length > 0
              ? true
              : undefined,
          );
        });
        const [changeAnswer, takeAwayAnswer] = await Promise.all([
          changed,
          takenAway,
        ]);
        expect(takeAwayAnswer?.status, takeAwayAnswer?.text).toBe(200);
        expect(changeAnswer?.status, changeAnswer?.text).toBe(200);
        expect(finished).toEqual([what, how]);
        // The permission is gone now: the next change is refused.
        const again = await change(memberAgent, id, what);
        expect(again.status).toBe(how === "removed" ? 404 : 403);
      },
    );
  },
);
