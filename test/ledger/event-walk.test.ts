import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, users } from "@/db/schema";
import { USER_DELETE_ROUTE } from "@/lib/account/routes";
import {
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
} from "@/lib/admin/routes";
import { REMOVE_MEMBER } from "@/lib/teams/routes";
import {
  ACCOUNT_EVENTS,
  type AccountEvent,
  endsOn,
} from "@/lib/server/credential-ledger";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { ADMIN, type Holdings, OWNER, seedHoldings } from "./holdings";
import { PROBES } from "./probes";

// Decision record 082: each account event, performed through its route on an owner holding one
// of every kind in the ledger, ends exactly the kinds the ledger says it ends.
const app = useTestApp({
  auth: {
    admins: [ADMIN],
    features: { passwordless: true },
    teams: { enabled: true, invitations: false },
  },
});
const NEW_PASSWORD = "a-brand-new-password";

const kinds = () => app.services.application.credentials.kinds;

/** A reset through the mailed link (the holding of `password-reset-links`). */
async function resetThroughMailbox(held: Holdings): Promise<void> {
  const guest = app.agent();
  await guest.csrf();
  const reset = await guest.post("/auth/reset-password", {
    ...held.resetLink,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });
  expect(reset.status, reset.text).toBe(200);
}

/** An administrator deletes the owner, who is no longer one (nobody deletes an administrator). */
async function deleteAsAdministrator(held: Holdings): Promise<void> {
  app.configure({ auth: { admins: [ADMIN] } });
  const admin = await signIn(app, held.admin);
  const id = String(held.owner.id);
  const deleted = await admin.delete(`/api/admin/users/${id}`, {
    host: ADMIN_USER_DELETE_ROUTE,
    params: { id },
  });
  expect(deleted.status, deleted.text).toBe(200);
}

/** Each event through its route; answers the activity log's event that records it. */
const PERFORM: Record<AccountEvent, (held: Holdings) => Promise<string>> = {
  "password-reset": async (held) => {
    await resetThroughMailbox(held);
    return "password-reset";
  },
  "address-claimed": async (held) => {
    // A legacy account whose address nobody proved, holding everything: the mailbox takes it back.
    await app.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, held.owner.id));
    await resetThroughMailbox(held);
    return "password-reset";
  },
  "password-changed": async (held) => {
    const changed = await held.actor.post("/auth/update-password", {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.status, changed.text).toBe(200);
    return "password-changed";
  },
  "account-deleted": async (held) => {
    const deleted = await held.actor.request("DELETE", "/api/app/user", {
      json: { password: PASSWORD },
      host: USER_DELETE_ROUTE,
    });
    expect(deleted.status, deleted.text).toBe(200);
    return "account-deleted";
  },
  "admin-deleted": async (held) => {
    await deleteAsAdministrator(held);
    return "user-deleted";
  },
  restored: async (held) => {
    await deleteAsAdministrator(held);
    const admin = await signIn(app, held.admin);
    const id = String(held.owner.id);
    const restored = await admin.post(
      `/api/admin/users/${id}/restore`,
      {},
      { host: ADMIN_USER_RESTORE_ROUTE, params: { id } },
    );
    expect(restored.status, restored.text).toBe(200);
    return "user-restored";
  },
  "signed-out-everywhere": async (held) => {
    // From a second session: the probed one is another (Laravel's logoutOtherDevices).
    const ended = await held.actor.delete("/auth/user/other-browser-sessions");
    expect(ended.status, ended.text).toBe(204);
    return "sessions-ended";
  },
  "team-membership-ended": async (held) => {
    // The team's owner removes the owner of the holdings (decision record 106).
    const admin = await signIn(app, held.admin);
    const team = String(held.team);
    const user = String(held.owner.id);
    const removed = await admin.delete(`/teams/${team}/members/${user}`, {
      host: REMOVE_MEMBER,
      params: { team, user },
    });
    expect(removed.status, removed.text).toBe(200);
    return "team-member-removed";
  },
};

const RESETS: readonly AccountEvent[] = ["password-reset", "address-claimed"];
const DELETIONS: readonly AccountEvent[] = ["account-deleted", "admin-deleted"];

/** Whether the ledger ends a kind on an event; a restore follows an administrator's deletion. */
function ledgerEnds(name: string, event: AccountEvent): boolean {
  const kind = kinds().find((candidate) => candidate.name === name);
  if (!kind) return false;
  const config = app.services.config;
  if (event === "restored")
    return endsOn(kind, "admin-deleted", config) || endsOn(kind, event, config);
  return endsOn(kind, event, config);
}

/**
 * What a probe should find. A reset consumes the very link it came through, whatever the ledger
 * says of the others; and a deleted account lets no one in by any kind (each kind's `aliveCheck`),
 * so what survives a deletion is shown by `restored`, through the same probes.
 */
function stillWorks(name: string, event: AccountEvent): boolean {
  if (name === "password-reset-links" && RESETS.includes(event)) return false;
  if (PROBES[name]?.how === "http" && DELETIONS.includes(event)) return false;
  return !ledgerEnds(name, event);
}

/** Each probe's finding, the database's first; `unspent` leaves out the probes that spend a holding. */
async function probeEvery(held: Holdings, unspent = false) {
  const found: Record<string, boolean> = {};
  const order = Object.entries(PROBES)
    .filter(([, probe]) => !(unspent && probe.spends))
    .sort(
      ([, a], [, b]) => Number(a.how === "http") - Number(b.how === "http"),
    );
  for (const [name, probe] of order) found[name] = await probe.works(app, held);
  return found;
}

/** The kinds the event's own activity entry counts: each had a holding left for it to end. */
const counted = (event: AccountEvent) =>
  kinds()
    .filter((kind) => endsOn(kind, event, app.services.config))
    .map((kind) => kind.name)
    .filter(
      (name) => !(name === "password-reset-links" && RESETS.includes(event)),
    )
    .sort();

describe("the credential ledger, event by event, through HTTP (decision record 082)", () => {
  it("probes exactly the kinds the ledger declares", () => {
    expect(Object.keys(PROBES).sort()).toEqual(
      kinds()
        .map((kind) => kind.name)
        .sort(),
    );
  });

  it.each(ACCOUNT_EVENTS)(
    "%s ends the kinds the ledger says, and its activity entry counts them",
    async (event) => {
      // An administrator while seeding (its own client_credentials client, an impersonation);
      // taken off the list before an administrator deletes it (deleteAsAdministrator).
      app.configure({ auth: { admins: [ADMIN, OWNER] } });
      const held = await seedHoldings(app);
      // Every holding works before the event; those a try would spend show it after the events they survive.
      const before = await probeEvery(held, true);
      expect(Object.keys(before).filter((name) => !before[name])).toEqual([]);

      const logged = await PERFORM[event](held);
      const expected = Object.fromEntries(
        kinds().map((kind) => [kind.name, stillWorks(kind.name, event)]),
      );
      expect(await probeEvery(held)).toEqual(expected);

      const [entry] = await app.database.db
        .select({ properties: activityLog.properties })
        .from(activityLog)
        .where(
          and(
            eq(activityLog.event, logged),
            eq(activityLog.subjectId, held.owner.id),
          ),
        );
      expect(entry?.properties, logged).toHaveProperty("ended");
      const ended = (entry?.properties?.ended ?? {}) as Record<string, number>;
      expect(Object.keys(ended).sort()).toEqual(counted(event));
    },
  );
});
