import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "@/lib/server/services";
import { UPDATE_SETTING } from "@/lib/settings/routes";
import { reloadSettings } from "@/lib/settings/store";
import { Agent } from "../support/agent";
import { PASSWORD } from "../support/app";
import {
  openProxiedDatabase,
  type ProxiedDatabase,
} from "../support/proxied-database";
import { insertUser, servicesOn } from "../support/services";
import { stepUpIfSignedIn } from "../support/two-factor";

// Decision record 118: the instance that makes a settings change keeps it in force, even when its
// periodic read of the table, begun before the change committed, answers after it. The read's
// answer is held at the process boundary (a TCP proxy in front of PostgreSQL): a connection pool
// and answers in flight need the server, so this runs on PostgreSQL whatever the run's database.
// CI met the race in the two-instance suite (test/scale/two-instances.test.ts): registration
// re-opened on A, the next registration there was refused 403 ("Registration is closed.").
let proxied: ProxiedDatabase;
let services: Services;
let dataDir: string;
let admin: Agent;
const ADMIN = `settings-admin-${Date.now()}@example.test`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "auth-settings-race-"));
  proxied = await openProxiedDatabase();
  services = servicesOn(proxied.database, dataDir, { ADMIN_EMAILS: ADMIN });
  await insertUser(proxied.database, ADMIN);
  admin = new Agent(services);
  await admin.csrf();
  expect(
    (await admin.post("/auth/login", { email: ADMIN, password: PASSWORD }))
      .status,
  ).toBe(200);
  await stepUpIfSignedIn(admin);
});

afterAll(async () => {
  await proxied?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const registration = async () => {
  const guest = new Agent(services);
  await guest.csrf();
  return guest.post("/auth/register", {
    name: "Late",
    email: `late-${Date.now()}@example.test`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
};

describe("a settings change on the instance that made it", () => {
  it("stays in force when a read of the table begun before it answers after it", async () => {
    await reloadSettings(services);
    expect(services.config["allow-registration"]).toBe(true);

    // The periodic read goes out and is answered with the table as it is: registration open.
    const held = proxied.proxy.holdNextAnswer();
    const staleRead = reloadSettings(services);
    await held.answered;

    // Meanwhile the administrator closes registration, on another connection of the pool.
    const closed = await admin.put(
      "/api/admin/settings",
      { key: "allow-registration", value: false },
      { host: UPDATE_SETTING },
    );
    expect(closed.status, closed.text).toBe(200);
    expect(services.config["allow-registration"]).toBe(false);

    // The read's answer arrives last: it is older than the state in force, and changes nothing.
    held.release();
    await staleRead;
    expect(services.config["allow-registration"]).toBe(false);
    const refused = await registration();
    expect(refused.status, refused.text).toBe(403);

    // The next read finds the table as the change left it.
    await reloadSettings(services);
    expect(services.config["allow-registration"]).toBe(false);
  });
});
