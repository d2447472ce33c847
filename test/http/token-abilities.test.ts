import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens, settings, users } from "@/db/schema";
import { SESSION_ONLY, TOKEN_ABILITIES } from "@/lib/contract/token-abilities";
import type { Agent, AgentResponse } from "../support/agent";
import {
  type ApiTarget,
  apiTargets,
  writtenRows,
} from "../support/api-targets";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { createToken } from "../support/tokens";
import { walkSession, walkToken, walkUser } from "../support/route-walk";

// Token abilities are enforced (Sanctum's tokenCan; decision record 011): every route that changes
// something declares what a bearer token needs, a token passes only with `*` or that ability, any
// valid token may read, and sessions are not affected. The routes come from the route table and
// from app/**/route.ts, so a new route is covered without being listed here.
const ADMIN = "admin@example.test";
const targets = await apiTargets();

const MISSING_ABILITY = "Invalid ability provided.";
const SESSION_REQUIRED =
  "This action needs a signed-in session: a token cannot do it.";

// Decided here, not read from the declarations, so that a route declaring nothing is caught.
// Routes a bearer token does not sign into besides the guest routes: create-token takes email and
// password; OAuth's protocol endpoints are called by a client with its own credentials, the
// consent by a signed-in session, userinfo with an OAuth access token (decision record 050);
// dynamic client registration is open to anyone, throttled (RFC 7591, decision record 052).
const NOT_SIGNED_IN_BY_TOKEN = new Set([
  "auth.create.token",
  "passport.token",
  "passport.authorizations.authorize",
  "passport.userinfo",
  "passport.revoke",
  "passport.introspect",
  "passport.device.code",
  "passport.device.authorizations.authorize",
  "oauth.register",
  // The browser's session, named by the ID token the client sends (decision record 071).
  "oauth.logout",
  // The new-device mail's signed link: the mailbox is the proof (decision record 095).
  "api.app.authentication-log.not-me",
  // A registered resource's public RFC 9728 document, read by its server without credentials
  // (decision record 101).
  "oauth.resources.metadata",
]);
// POSTs that only read.
const READING_POSTS = new Set(["auth.tokens"]);
// GETs that change something: the signed verification link, the impersonation sign-in; and those
// that show a second factor's secrets, which only the owner's session may see (decision record 023);
// and the passkey ceremonies' options, which keep a challenge for a session (decision record 025);
// and "download my data", which reveals the account (decision record 028); and Jetstream's signed
// invitation link, which adds the signed-in account to a team (decision record 087); and the
// sign-in history, which reveals the account's addresses and devices (decision record 095); and
// the sign-in methods, which say how this session signed in, as a token has not (record 107).
const WRITING_GETS = new Set([
  "auth.sign-in-methods",
  "api.app.user.authentication-log",
  "team-invitations.accept",
  "api.app.user.export",
  "auth.verification.verify",
  "auth.impersonate.token",
  "api.app.user.email.confirm",
  "auth.two-factor.qr-code",
  "auth.two-factor.secret-key",
  "auth.two-factor.recovery-codes",
  "auth.passkey.confirm-options",
  "auth.passkey.registration-options",
]);

const isTokenRoute = (target: ApiTarget) =>
  !target.isGuestOnly && !NOT_SIGNED_IN_BY_TOKEN.has(target.name);
const isWrite = (target: ApiTarget) =>
  target.method === "GET"
    ? WRITING_GETS.has(target.name)
    : !READING_POSTS.has(target.name);
const writes = targets.filter(
  (target) => isTokenRoute(target) && isWrite(target),
);
const reads = targets.filter(
  (target) => isTokenRoute(target) && !isWrite(target),
);
// An administrator's read asks `admin` of any bearer (decision record 082); the owner's reads nothing.
const isAdministrators = (target: ApiTarget) =>
  target.template.startsWith("/api/admin");
const ownReads = reads.filter((target) => !isAdministrators(target));
const administratorsReads = reads.filter(isAdministrators);
const withAbility = writes.filter(
  (target) => target.ability !== null && target.ability !== SESSION_ONLY,
);
const sessionOnly = writes.filter((target) => target.ability === SESSION_ONLY);
// The walks whose request goes through give each route its own administrator (decision record 093).
const app = useTestApp({
  auth: {
    // On, so the challenge route answers its read (decision record 108).
    challenge: { enabled: true },
    admins: [
      ADMIN,
      ...withAbility.map((_, index) => `ability-${index}@example.test`),
      ...writes.map((_, index) => `session-${index}@example.test`),
    ],
  },
});

function pathOf(target: ApiTarget, id: number): string {
  return target.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === "id" ? String(id) : "x",
  );
}

/** Calls a route about `subject` (path `{id}`, `user_id`, `target_user_id`), as an integration would. */
function call(
  agent: Agent,
  target: ApiTarget,
  subject: { id: number },
  options: { bearer?: string; json?: unknown } = {},
): Promise<AgentResponse> {
  const path = pathOf(target, subject.id);
  const params = Object.fromEntries(
    target.params.map((name) => [
      name,
      name === "id" ? String(subject.id) : "x",
    ]),
  );
  const fields = {
    user_id: subject.id,
    name: "Changed",
    token_id: 1,
    target_user_id: subject.id,
  };
  const json =
    target.method === "GET" || target.method === "DELETE" ? undefined : fields;
  return agent.request(target.method, path, {
    json,
    host: target.host,
    params,
    ...options,
  });
}

/** An administrator (so no policy stands in the way), a token of theirs, and another account to act on. */
async function adminWithToken(abilities: string[]) {
  const admin = await app.createUser({ email: ADMIN });
  const subject = await app.createUser();
  return {
    admin,
    subject,
    token: await createToken(app, ADMIN, { abilities }),
  };
}

/** The ability check let the request through: whatever the endpoint then answered. */
function expectPassed(response: AgentResponse, label: string) {
  const context = `${label} → ${response.status} ${response.text.slice(0, 200)}`;
  expect.soft(response.status, context).not.toBe(401);
  expect
    .soft([MISSING_ABILITY, SESSION_REQUIRED], context)
    .not.toContain(response.body?.message);
}

describe("the routes' declarations", () => {
  it("finds the routes to check", () => {
    expect(writes.length).toBeGreaterThanOrEqual(15);
    expect(reads.map((target) => target.name)).toEqual(
      expect.arrayContaining([
        "auth.tokens",
        "api.admin.users.index",
        "api.admin.settings",
      ]),
    );
  });

  it("declares an ability (or session-only) on every route that changes something, `admin` on an administrator's reads, and none on the others", () => {
    for (const target of writes)
      expect(target.ability, target.label).not.toBeNull();
    for (const target of ownReads)
      expect(target.ability, target.label).toBeNull();
    for (const target of administratorsReads)
      expect(target.ability, target.label).toBe("admin");
    for (const target of withAbility)
      expect(TOKEN_ABILITIES, target.label).toContain(target.ability);
  });
});

// Decision record 093: each rule is one walk of its routes over one fixture. A refusal changes
// nothing (checked), so the refused walks share their accounts and tokens; a request that goes
// through may change anything, so those walks give each route accounts of its own (all of them
// administrators, so no policy stands in the way). Each failure names the route and the rule.
const WALK_TIMEOUT_MS = 120_000;
const db = () => app.database.db;

/** An administrator and a subject for one walk (or one route of it), with a token of these abilities. */
async function walkFixture(email: string, abilities: string[]) {
  const admin = await walkUser(app, email);
  const subject = await walkUser(app, `subject-of-${email}`);
  return { admin, subject, token: await walkToken(app, admin, abilities) };
}

/**
 * Checks a refusal on every route, with a token of the administrator's holding `abilitiesOf` the
 * route: `refused` asserts the answer; nothing may change, and the token stays valid.
 */
async function walkRefusals(
  routes: ApiTarget[],
  rule: string,
  abilitiesOf: (target: ApiTarget) => string[],
  refused: (target: ApiTarget, response: AgentResponse, label: string) => void,
) {
  const { admin, subject } = await walkFixture(ADMIN, []);
  const tokens = new Map<string, string>();
  let before = await writtenRows(db());
  for (const target of routes) {
    const label = `${target.label}: ${rule}`;
    // Fresh throttle windows, so the guard (not a 429) is what answers.
    app.advance(61);
    const abilities = abilitiesOf(target);
    const key = abilities.join(" ");
    let token = tokens.get(key);
    if (token === undefined) {
      token = await walkToken(app, admin, abilities);
      tokens.set(key, token);
      before = await writtenRows(db());
    }
    const response = await call(app.agent(), target, subject, {
      bearer: token,
    });
    refused(target, response, `${label} → ${response.text.slice(0, 200)}`);
    const was = before;
    before = await writtenRows(db());
    expect.soft(before, label).toEqual(was);
    expect
      .soft(
        (await app.agent().get("/auth/get-auth", { bearer: token })).body
          .authenticated,
        label,
      )
      .toBe(true);
  }
}

/** The ability check answers as `target` declares: 401 from the session guard, else 403 with its message. */
function expectRefused(
  target: ApiTarget,
  response: AgentResponse,
  label: string,
  message: string,
) {
  if (target.guard === "web") {
    expect.soft(response.status, label).toBe(401);
    return;
  }
  expect.soft(response.status, label).toBe(403);
  expect.soft(response.body?.message, label).toBe(message);
}

describe("every route's token rules, one walk per rule (decision records 011, 093)", () => {
  it(
    "refuses a token without abilities on every route that changes something (403, or 401 from the session guard), and changes nothing",
    async () => {
      await walkRefusals(
        writes,
        "a token without abilities is refused",
        () => [],
        (target, response, label) =>
          expectRefused(
            target,
            response,
            label,
            target.ability === SESSION_ONLY
              ? SESSION_REQUIRED
              : MISSING_ABILITY,
          ),
      );
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "refuses a token with every other ability on every route that asks one",
    async () => {
      await walkRefusals(
        withAbility,
        "a token with every other ability is refused",
        (target) => TOKEN_ABILITIES.filter((name) => name !== target.ability),
        (target, response, label) => {
          expect.soft(response.status, label).toBe(403);
          expect.soft(response.body?.message, label).toBe(MISSING_ABILITY);
        },
      );
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "refuses a `*` token on every session-only route: the route needs a signed-in session",
    async () => {
      await walkRefusals(
        sessionOnly,
        "a `*` token is refused on a session-only route",
        () => ["*"],
        (target, response, label) =>
          expectRefused(target, response, label, SESSION_REQUIRED),
      );
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "refuses a token without abilities on every administrator's read (403 Invalid ability provided.)",
    async () => {
      await walkRefusals(
        administratorsReads,
        "a token without abilities is refused on an administrator's read",
        () => [],
        (target, response, label) => {
          expect.soft(response.status, label).toBe(403);
          expect.soft(response.body?.message, label).toBe(MISSING_ABILITY);
        },
      );
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "lets a token without abilities through every read of one's own",
    async () => {
      const { subject, token } = await walkFixture(ADMIN, []);
      for (const target of ownReads) {
        app.advance(61);
        const response = await call(app.agent(), target, subject, {
          bearer: token,
          json: target.method === "GET" ? undefined : {},
        });
        const label = `${target.label}: a token without abilities reads → ${response.status} ${response.text.slice(0, 200)}`;
        expectPassed(response, label);
        if (target.params.length === 0)
          expect.soft(response.status, label).toBe(200);
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "lets a token with a route's ability through, and a `*` token",
    async () => {
      for (const [index, target] of withAbility.entries()) {
        app.advance(61);
        const email = `ability-${index}@example.test`;
        const { admin, subject, token } = await walkFixture(email, [
          target.ability as string,
        ]);
        const rule = `${target.label}: a token with ${target.ability} passes`;
        expectPassed(
          await call(app.agent(), target, subject, { bearer: token }),
          rule,
        );
        const all = await walkToken(app, admin, ["*"]);
        expectPassed(
          await call(app.agent(), target, subject, { bearer: all }),
          `${target.label}: a \`*\` token passes`,
        );
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "does not limit a session by abilities on any route, even beside a bearer token without abilities",
    async () => {
      for (const [index, target] of writes.entries()) {
        app.advance(61);
        const email = `session-${index}@example.test`;
        const { subject, token } = await walkFixture(email, []);
        const session = await walkSession(app, email);
        expectPassed(
          await call(session, target, subject),
          `${target.label}: a session passes`,
        );
        // The same session, unless the call ended it (a logout): then a new one, as before it.
        let beside = await call(session, target, subject, { bearer: token });
        if (beside.status === 401)
          beside = await call(await walkSession(app, email), target, subject, {
            bearer: token,
          });
        expectPassed(
          beside,
          `${target.label}: a session beside a token without abilities passes`,
        );
      }
    },
    WALK_TIMEOUT_MS,
  );
});

describe("what the review found a token without abilities could do", () => {
  it("cannot change the profile, flush the tokens or edit a setting; a token with the ability can", async () => {
    const { admin, token } = await adminWithToken([]);
    const asRead = { bearer: token, host: hostRoute("api.app.user.update") };
    expect(
      (
        await app
          .agent()
          .put(
            "/api/app/user/update",
            { user_id: admin.id, name: "Renamed" },
            asRead,
          )
      ).status,
    ).toBe(403);
    expect(
      (await app.agent().post("/auth/flush-tokens", {}, { bearer: token }))
        .status,
    ).toBe(403);
    const setting = { key: "allow-registration", value: false };
    expect(
      (
        await app.agent().put("/api/admin/settings", setting, {
          bearer: token,
          host: hostRoute("api.admin.settings.update"),
        })
      ).status,
    ).toBe(403);
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, admin.id));
    expect(row?.name).toBe("Test User");
    expect(
      await app.database.db.select().from(personalAccessTokens),
    ).toHaveLength(1);
    expect(await app.database.db.select().from(settings)).toHaveLength(0);

    const writer = await createToken(app, ADMIN, { abilities: ["user:write"] });
    const renamed = await app
      .agent()
      .put(
        "/api/app/user/update",
        { user_id: admin.id, name: "Renamed" },
        { bearer: writer, host: hostRoute("api.app.user.update") },
      );
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.user.name).toBe("Renamed");
    const administrator = await createToken(app, ADMIN, {
      abilities: ["admin"],
    });
    const changed = await app.agent().put("/api/admin/settings", setting, {
      bearer: administrator,
      host: hostRoute("api.admin.settings.update"),
    });
    expect(changed.status, changed.text).toBe(200);
    const keeper = await createToken(app, ADMIN, {
      abilities: ["tokens:write"],
    });
    const flushed = await app
      .agent()
      .post("/auth/flush-tokens", {}, { bearer: keeper });
    expect(flushed.status, flushed.text).toBe(200);
    expect(
      await app.database.db.select().from(personalAccessTokens),
    ).toHaveLength(0);
  });
});

describe("changing the email or the password needs a session", () => {
  it("refuses update-password to a `*` token alone: 403, the password unchanged", async () => {
    const { admin, token } = await adminWithToken(["*"]);
    const response = await app.agent().post(
      "/auth/update-password",
      {
        old_password: PASSWORD,
        password: "another-pass1",
        password_confirmation: "another-pass1",
      },
      { bearer: token },
    );
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(SESSION_REQUIRED);
    await signIn(app, admin, PASSWORD);
  });

  it("refuses a profile update carrying `email` to a `*` token alone: 403, nothing changed; a session may", async () => {
    const { admin, token } = await adminWithToken(["*"]);
    const route = { host: hostRoute("api.app.user.update") };
    const response = await app.agent().put(
      "/api/app/user/update",
      {
        user_id: admin.id,
        name: "Renamed",
        email: "taken-over@example.test",
      },
      { bearer: token, ...route },
    );
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      "Changing the email field needs a signed-in session: a token cannot do it.",
    );
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, admin.id));
    expect(row).toMatchObject({ name: "Test User", email: ADMIN });
    // The same address unchanged is refused too: a token never carries the field.
    expect(
      (
        await app
          .agent()
          .put(
            "/api/app/user/update",
            { user_id: admin.id, email: ADMIN },
            { bearer: token, ...route },
          )
      ).status,
    ).toBe(403);
    const session = await signIn(app, admin);
    expect(
      (
        await session.put(
          "/api/app/user/update",
          { user_id: admin.id, name: "Renamed", email: ADMIN },
          route,
        )
      ).status,
    ).toBe(200);
  });

  it("answers the session-only refusal in Spanish", async () => {
    const { token } = await adminWithToken(["*"]);
    const response = await app
      .agent()
      .post(
        "/auth/update-password",
        {},
        { bearer: token, headers: { "accept-language": "es" } },
      );
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      "Esta acción requiere una sesión iniciada: un token no puede hacerla.",
    );
  });
});

function hostRoute(name: string) {
  const found = targets.find((target) => target.name === name)?.host;
  if (!found) throw new Error(`no host route ${name}`);
  return found;
}
