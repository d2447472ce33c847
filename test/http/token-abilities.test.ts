import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens, settings, users } from "@/db/schema";
import { SESSION_ONLY, TOKEN_ABILITIES } from "@/lib/config/token-abilities";
import type { Agent, AgentResponse } from "../support/agent";
import {
  type ApiTarget,
  apiTargets,
  writtenRows,
} from "../support/api-targets";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { createToken } from "../support/tokens";

// Token abilities are enforced (Sanctum's tokenCan; decision record 011): every route that changes
// something declares what a bearer token needs, a token passes only with `*` or that ability, any
// valid token may read, and sessions are not affected. The routes come from the route table and
// from app/**/route.ts, so a new route is covered without being listed here.
const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });
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
]);
// POSTs that only read.
const READING_POSTS = new Set(["auth.tokens"]);
// GETs that change something: the signed verification link, the impersonation sign-in; and those
// that show a second factor's secrets, which only the owner's session may see (decision record 023);
// and the passkey ceremonies' options, which keep a challenge for a session (decision record 025);
// and "download my data", which reveals the account (decision record 028); and Jetstream's signed
// invitation link, which adds the signed-in account to a team (decision record 087).
const WRITING_GETS = new Set([
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
  expect(response.status, context).not.toBe(401);
  expect([MISSING_ABILITY, SESSION_REQUIRED], context).not.toContain(
    response.body?.message,
  );
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

describe.each(writes)("a token without abilities on $label", (target) => {
  it("is refused (403, or 401 from the session guard) and changes nothing", async () => {
    const { subject, token } = await adminWithToken([]);
    const before = await writtenRows(app.database.db);
    const response = await call(app.agent(), target, subject, {
      bearer: token,
    });
    if (target.guard === "web") {
      expect(response.status, response.text).toBe(401);
    } else {
      expect(response.status, response.text).toBe(403);
      expect(response.body.message).toBe(
        target.ability === SESSION_ONLY ? SESSION_REQUIRED : MISSING_ABILITY,
      );
    }
    expect(await writtenRows(app.database.db)).toEqual(before);
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body
        .authenticated,
    ).toBe(true);
  });
});

describe.each(withAbility)(
  "a token with the ability $ability on $label",
  (target) => {
    it("passes with that ability, and with `*`", async () => {
      const { subject, token } = await adminWithToken([
        target.ability as string,
      ]);
      expectPassed(
        await call(app.agent(), target, subject, { bearer: token }),
        target.label,
      );
      const all = await createToken(app, ADMIN, { abilities: ["*"] });
      expectPassed(
        await call(app.agent(), target, subject, { bearer: all }),
        target.label,
      );
    });

    it("is refused with every other ability", async () => {
      const others = [
        ...TOKEN_ABILITIES.filter((name) => name !== target.ability),
      ];
      const { subject, token } = await adminWithToken(others);
      const response = await call(app.agent(), target, subject, {
        bearer: token,
      });
      expect(response.status, response.text).toBe(403);
      expect(response.body.message).toBe(MISSING_ABILITY);
    });
  },
);

describe.each(sessionOnly)(
  "a `*` token on the session-only route $label",
  (target) => {
    it("is refused: the route needs a signed-in session", async () => {
      const { subject, token } = await adminWithToken(["*"]);
      const before = await writtenRows(app.database.db);
      const response = await call(app.agent(), target, subject, {
        bearer: token,
      });
      expect(response.status, response.text).toBe(
        target.guard === "web" ? 401 : 403,
      );
      if (target.guard !== "web")
        expect(response.body.message).toBe(SESSION_REQUIRED);
      expect(await writtenRows(app.database.db)).toEqual(before);
    });
  },
);

describe.each(administratorsReads)(
  "a token without abilities on the administrator's read $label",
  (target) => {
    it("is refused (403 Invalid ability provided.)", async () => {
      const { subject, token } = await adminWithToken([]);
      const response = await call(app.agent(), target, subject, {
        bearer: token,
      });
      expect(response.status, response.text).toBe(403);
      expect(response.body.message).toBe(MISSING_ABILITY);
    });
  },
);

describe.each(ownReads)(
  "a token without abilities on the read $label",
  (target) => {
    it("passes", async () => {
      const { subject, token } = await adminWithToken([]);
      const response = await call(app.agent(), target, subject, {
        bearer: token,
        json: target.method === "GET" ? undefined : {},
      });
      expectPassed(response, target.label);
      if (target.params.length === 0)
        expect(response.status, response.text).toBe(200);
    });
  },
);

describe.each(writes)("a session on $label", (target) => {
  it("is not limited by abilities, even beside a bearer token without abilities", async () => {
    const { admin, subject, token } = await adminWithToken([]);
    const agent = await signIn(app, admin);
    expectPassed(await call(agent, target, subject), target.label);
    const again = await signIn(app, admin);
    expectPassed(
      await call(again, target, subject, { bearer: token }),
      target.label,
    );
  });
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
