import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "@/lib/server/services";
import { UPDATE_SETTING } from "@/lib/settings/routes";
import { reloadSettings } from "@/lib/settings/store";
import { Agent } from "../support/agent";
import { PASSWORD } from "../support/app";
import { openProxiedApp, type ProxiedApp } from "../support/proxied-database";
import { insertUser, signedInAgent } from "../support/services";
import { stepUpIfSignedIn } from "../support/two-factor";

// Decision record 118: the instance that makes a settings change keeps it in force, even when its
// periodic read of the table, begun before the change committed, answers after it. The read's
// answer is held at the process boundary (a TCP proxy in front of PostgreSQL): a connection pool
// and answers in flight need the server, so this runs on PostgreSQL whatever the run's database.
// CI met the race in the two-instance suite (test/scale/two-instances.test.ts): registration
// re-opened on A, the next registration there was refused 403 ("Registration is closed.").
let app: ProxiedApp;
let services: Services;
let admin: Agent;
const ADMIN = `settings-admin-${Date.now()}@example.test`;

beforeAll(async () => {
  app = await openProxiedApp({ ADMIN_EMAILS: ADMIN });
  services = app.services;
  await insertUser(app.proxied.database, ADMIN);
  admin = await signedInAgent(services, ADMIN);
  await stepUpIfSignedIn(admin);
});

afterAll(async () => {
  await app?.close();
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
    const held = app.proxied.proxy.holdNextAnswer();
    let readEnded = false;
    const staleRead = reloadSettings(services).then(() => (readEnded = true));
    await held.answered;

    // Meanwhile the administrator closes registration, on another connection of the pool.
    const closed = await admin.put(
      "/api/admin/settings",
      { key: "allow-registration", value: false },
      { host: UPDATE_SETTING },
    );
    expect(closed.status, closed.text).toBe(200);
    expect(services.config["allow-registration"]).toBe(false);
    // The held answer is the read's: it still waits for it.
    expect(readEnded).toBe(false);

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
