import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, passkeys, users } from "@/db/schema";
import {
  ADDRESS_NOT_PROVEN,
  REFUSED_WHILE_IMPERSONATING,
} from "@/lib/auth/middleware/credential-guard";
import { USER_DATA_EXPORT_ROUTE } from "@/lib/account/routes";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import {
  ADMIN_USER_DELETE_ROUTE,
  ADMIN_USER_RESTORE_ROUTE,
} from "@/lib/admin/routes";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { impersonating } from "../support/impersonation";
import { passkeySignIn, withPasskey } from "../support/passkeys";
import { linkIn } from "../support/session";
import { createToken } from "../support/tokens";
import { enrol, startSignIn, stepUp, totpCode } from "../support/two-factor";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const NEW = "a-brand-new-password";
const STEP_UP = { message: "Password confirmation required." };

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

/** forgot-password, then the emailed link followed as the reset screen does. */
async function resetThroughMailbox(email: string) {
  await (await guest()).post("/auth/forgot-password", { email });
  const [token = "", encoded = ""] = linkIn((await app.lastMailTo(email)).text)
    .pathname.split("/")
    .slice(-2);
  const response = await (
    await guest()
  ).post("/auth/reset-password", {
    token: decodeURIComponent(token),
    email: decodeURIComponent(encoded),
    password: NEW,
    password_confirmation: NEW,
  });
  expect(response.status, response.text).toBe(200);
}

const getAuth = (token: string) =>
  app.agent().get("/auth/get-auth", { bearer: token });

// Decision record 028: the review's findings, each through the real pipeline.
describe("a passkey cannot bootstrap its own step-up", () => {
  it("registration options and store need a recent confirmation (423), then the owner is mailed", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const options = await agent.get("/auth/user/passkeys/options");
    expect(options.status).toBe(423);
    expect(options.body).toEqual(STEP_UP);
    const store = await agent.post("/auth/user/passkeys", {
      name: "Stolen",
      credential: {},
    });
    expect(store.status).toBe(423);
    expect(await app.database.db.select().from(passkeys)).toEqual([]);

    await withPasskey(app, user, undefined, agent);
    const notice = await app.lastMailTo(user.email);
    expect(notice.subject).toBe(
      "A new way to sign in was added to your account",
    );
    expect(notice.text).toContain("A passkey named “Laptop” was added.");
    expect(notice.text).toMatch(/From the address 127\.0\.0\.1, on /);
  });

  it("is refused while an administrator acts as the account, with the administrator named in the log", async () => {
    const { admin, target, agent } = await impersonating(app, ADMIN);
    for (const response of [
      await agent.get("/auth/user/passkeys/options"),
      await agent.post("/auth/user/passkeys", { name: "x", credential: {} }),
      await agent.post("/auth/create-token", {
        email: target.email,
        password: PASSWORD,
        name: "planted",
      }),
      await agent.post("/auth/update-password", {
        old_password: PASSWORD,
        password: NEW,
        password_confirmation: NEW,
      }),
    ]) {
      expect(response.status, response.text).toBe(403);
      expect(response.body).toEqual({ message: REFUSED_WHILE_IMPERSONATING });
    }
    // What the impersonator does may, it does in their name: the profile's name, here.
    const updated = await agent.put(
      "/api/app/user/update",
      { user_id: target.id, name: "Renamed" },
      { host: USER_UPDATE_ROUTE },
    );
    expect(updated.status, updated.text).toBe(200);
    const [entry] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "user-updated"));
    expect(entry).toMatchObject({ subjectId: target.id, causerId: admin.id });
  });
});

describe("nothing that outlives a takeover is added before the address is proven", () => {
  it("an unverified account may not add a passkey or a second factor (403), but create-token still answers", async () => {
    const user = await app.createUser({ emailVerifiedAt: null });
    const agent = await signIn(app, user);
    await stepUp(agent);
    for (const response of [
      await agent.get("/auth/user/passkeys/options"),
      await agent.post("/auth/user/two-factor-authentication"),
    ]) {
      expect(response.status, response.text).toBe(403);
      expect(response.body).toEqual({ message: ADDRESS_NOT_PROVEN });
    }
    expect(await createToken(app, user.email)).toMatch(/^\d+\|/);
  });

  it("a reset through the mailbox takes a squatted account back: no passkey, token, second factor or session of the squatter works", async () => {
    app.configure({ auth: { admins: [ADMIN], "must-verify-email": false } });
    const now = new Date();
    app.setNow(now);
    const owner = "owner@example.com";
    const squatter = await app.createUser({
      email: owner,
      emailVerifiedAt: null,
    });
    const { agent, authenticator } = await withPasskey(app, squatter);
    const token = await createToken(app, owner);
    await enrol(app, squatter, now);
    expect((await getAuth(token)).body.authenticated).toBe(true);

    await resetThroughMailbox(owner);

    expect((await getAuth(token)).body.authenticated).toBe(false);
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
    expect((await passkeySignIn(app, authenticator)).response.status).toBe(422);
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, squatter.id));
    expect(row?.twoFactorSecret).toBeNull();
    // The owner signs in with the new password alone: no challenge only the squatter could answer.
    const login = await (
      await guest()
    ).post("/auth/login", {
      email: owner,
      password: NEW,
    });
    expect(login.status).toBe(200);
    expect(login.body.two_factor).toBeUndefined();
    const [audit] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "password-reset"));
    expect(audit?.properties).toMatchObject({
      tokens: 1,
      taken_back: { passkeys: 1, tokens: 1, two_factor: true },
    });
    const notice = await app.lastMailTo(owner);
    expect(notice.subject).toBe("Your account's password was changed");
    expect(notice.text).toContain("had not been confirmed yet");
  });
});

describe("tokens end with the account's trust", () => {
  it("a token minted before a reset answers unauthenticated after it", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    await resetThroughMailbox(user.email);
    expect((await getAuth(token)).body.authenticated).toBe(false);
  });

  it("a password change keeps tokens by default and ends them with tokens.revoke-on-password-change", async () => {
    for (const revoke of [false, true]) {
      app.configure({
        auth: {
          admins: [ADMIN],
          tokens: { "revoke-on-password-change": revoke },
        },
      });
      const user = await app.createUser();
      const token = await createToken(app, user.email);
      const agent = await signIn(app, user);
      const changed = await agent.post("/auth/update-password", {
        old_password: PASSWORD,
        password: NEW,
        password_confirmation: NEW,
      });
      expect(changed.status, changed.text).toBe(200);
      expect((await getAuth(token)).body.authenticated).toBe(!revoke);
      expect((await app.lastMailTo(user.email)).subject).toBe(
        "Your account's password was changed",
      );
    }
  });

  it("an administrator's delete ends tokens for good: a restore does not revive them", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    const agent = await signIn(app, admin);
    const params = { id: String(user.id) };
    expect(
      (
        await agent.delete(`/api/admin/users/${user.id}`, {
          host: ADMIN_USER_DELETE_ROUTE,
          params,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await agent.post(
          `/api/admin/users/${user.id}/restore`,
          {},
          {
            host: ADMIN_USER_RESTORE_ROUTE,
            params,
          },
        )
      ).status,
    ).toBe(200);
    expect((await getAuth(token)).body.authenticated).toBe(false);
    expect(
      (await signIn(app, user).then((a) => a.get("/auth/get-auth"))).body
        .authenticated,
    ).toBe(true);
  });
});

describe("step-up where a stolen cookie could still do harm", () => {
  it("ending one other session and downloading my data need a recent confirmation; no token downloads", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const other = await signIn(app, user);
    const sessions = (await agent.get("/auth/user/sessions")).body as {
      id: string;
      current: boolean;
    }[];
    const theirs = sessions.find((session) => !session.current);
    expect(
      (await agent.delete(`/auth/user/sessions/${theirs?.id}`)).status,
    ).toBe(423);
    expect((await other.get("/auth/get-auth")).body.authenticated).toBe(true);
    const exported = await agent.get("/api/app/user/export", {
      host: USER_DATA_EXPORT_ROUTE,
    });
    expect(exported.status).toBe(423);
    const token = await createToken(app, user.email, { abilities: ["*"] });
    const byToken = await app.agent().get("/api/app/user/export", {
      host: USER_DATA_EXPORT_ROUTE,
      bearer: token,
    });
    expect(byToken.status).toBe(403);
    await stepUp(agent);
    const mine = await agent.get("/api/app/user/export", {
      host: USER_DATA_EXPORT_ROUTE,
    });
    expect(mine.status).toBe(200);
    expect(mine.text).not.toContain("passkey_challenges");
    expect(mine.text).not.toContain("two_factor_challenges");
    expect(mine.text).not.toContain("two_factor_last_step");
  });
});

describe("the second factor's lockout holds under concurrency", () => {
  it("40 wrong codes at once from 8 pending sign-ins: at most lockout-failures checked, one mail", async () => {
    const now = new Date();
    app.setNow(now);
    const user = await app.createUser();
    const { secret } = await enrol(app, user, now);
    const pending = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        startSignIn(app, user, { ip: `10.0.0.${index + 1}` }),
      ),
    );
    const wrong = String(
      (Number(totpCode(secret, now)) + 1) % 1_000_000,
    ).padStart(6, "0");
    const answers = await Promise.all(
      pending.flatMap((agent) =>
        Array.from({ length: 5 }, () =>
          agent.post("/auth/two-factor-challenge", { code: wrong }),
        ),
      ),
    );
    expect(answers.every((answer) => answer.status === 422)).toBe(true);
    const checked = await app.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.event, "two-factor-challenge-failed"),
          eq(activityLog.subjectId, user.id),
        ),
      );
    expect(checked.length).toBeLessThanOrEqual(10);
    const paused = (await app.mail()).filter(
      (message) =>
        message.to.includes(user.email) &&
        message.subject === "Two-factor sign-in paused on your account",
    );
    expect(paused).toHaveLength(1);
  });
});
