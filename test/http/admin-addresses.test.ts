import { describe, expect, it } from "vitest";
import { ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import { setHooks } from "@/lib/server/hooks";
import { SHOW_SETTINGS } from "@/lib/settings/routes";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { linkIn } from "../support/session";
import { stepUp } from "../support/two-factor";

// Decision record 014: an address on the administrators' list makes an administrator only once
// it is verified, so registering an administrator's address before its owner gains nothing.
const BOSS = "boss@example.com";
const app = useTestApp({ env: { ADMIN_EMAILS: BOSS } });

async function register(email: string): Promise<{ agent: Agent; id: number }> {
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/register", {
    name: "Squatter",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(response.status).toBe(200);
  return { agent, id: response.body.user.id as number };
}

/** What an administrator can reach: get-auth's is_admin, the admin API, the settings, impersonation. */
async function adminAccess(agent: Agent, targetId: number) {
  const isAdmin = (await agent.get("/auth/get-auth")).body.is_admin as boolean;
  const users = (
    await agent.get("/api/admin/users", { host: ADMIN_USERS_ROUTE })
  ).status;
  const settings = (
    await agent.get("/api/admin/settings", { host: SHOW_SETTINGS })
  ).status;
  const impersonate = (
    await agent.post("/auth/impersonate", { target_user_id: targetId })
  ).status;
  return { isAdmin, users, settings, impersonate };
}

const REFUSED = { isAdmin: false, users: 403, settings: 403, impersonate: 403 };
const GRANTED = { isAdmin: true, users: 200, settings: 200, impersonate: 200 };

async function followVerificationLink(agent: Agent, email: string) {
  const link = linkIn((await app.lastMailTo(email)).text);
  const response = await agent.get(`${link.pathname}${link.search}`);
  expect(response.body).toEqual({ verified: true });
}

describe("administrators are verified addresses on the list (contract §1 rule 5, decision 011)", () => {
  it("a squatter who registers an administrator's address is not an administrator", async () => {
    const victim = await app.createUser();
    const { agent } = await register("Boss@Example.com");
    expect(await adminAccess(agent, victim.id)).toEqual(REFUSED);
  });

  it("the owner who verifies the address from the emailed link becomes the administrator", async () => {
    const victim = await app.createUser();
    const { agent } = await register(BOSS);
    await followVerificationLink(agent, BOSS);
    expect(await adminAccess(agent, victim.id)).toEqual(GRANTED);
  });

  it("a profile address change to an administrator's address makes no administrator", async () => {
    const victim = await app.createUser();
    const user = await app.createUser({ email: "someone@example.com" });
    const agent = await signIn(app, user);
    await stepUp(agent); // a new address needs the step-up (decision record 024)
    expect(
      (
        await agent.put(
          "/api/app/user/update",
          { user_id: user.id, email: BOSS },
          { host: USER_UPDATE_ROUTE },
        )
      ).status,
    ).toBe(200);
    expect(await adminAccess(agent, victim.id)).toEqual(REFUSED);
  });

  it("an unverified administrator's address is an ordinary target: an administrator may impersonate it", async () => {
    app.configure({ env: { ADMIN_EMAILS: `${BOSS},root@example.com` } });
    const root = await app.createUser({ email: "root@example.com" });
    const { id } = await register(BOSS);
    expect(
      (
        await (
          await signIn(app, root)
        ).post("/auth/impersonate", { target_user_id: id })
      ).status,
    ).toBe(200);
  });

  it("with must-verify-email off there is no proof of an address: the list alone counts (contract §1 rule 5)", async () => {
    app.configure({ auth: { "must-verify-email": false } });
    const victim = await app.createUser();
    const { agent } = await register(BOSS);
    expect(await adminAccess(agent, victim.id)).toEqual(GRANTED);
  });

  it("the application's isAdmin hook still replaces the rule", async () => {
    setHooks({ isAdmin: (user) => user.email === "chosen@example.com" });
    const victim = await app.createUser();
    const { agent } = await register("chosen@example.com");
    expect(await adminAccess(agent, victim.id)).toEqual(GRANTED);
    const verifiedBoss = await app.createUser({ email: BOSS });
    expect(
      await adminAccess(await signIn(app, verifiedBoss), victim.id),
    ).toEqual(REFUSED);
  });
});
