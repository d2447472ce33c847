import { describe, expect, it } from "vitest";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import type { AgentResponse } from "../support/agent";
import { apiTargets, writtenRows } from "../support/api-targets";
import { signIn, useTestApp } from "../support/app";
import { createToken, tokenId } from "../support/tokens";
import { confirmPassword } from "../support/two-factor";

// Decision record 045, amendment 2026-12-02: rolling a leaked token evicts whoever holds it. The
// old token's grace is for its deployments to move over: it does what its other abilities allow,
// but no `tokens:write` route takes it (else it rolls or revokes its successor); and a token rolls
// only itself, a session any of the owner's tokens.
const app = useTestApp();
const REPLACED = "This token has been rolled: it can no longer manage tokens.";
const OWN_ONLY = "A token can roll only itself.";
const managingTokens = (await apiTargets()).filter(
  (target) => target.ability === "tokens:write",
);

const roll = (token: string, fields: Record<string, unknown>) =>
  app.agent().post("/auth/roll-token", fields, { bearer: token });

const authenticated = async (token: string) =>
  (await app.agent().get("/auth/get-auth", { bearer: token })).body
    .authenticated as boolean;

function expectRefused(response: AgentResponse, message: string) {
  expect(response.status, response.text).toBe(403);
  expect(response.body.message).toBe(message);
}

/** A user's token rolled by itself with an hour's grace: the old secret and its successor. */
async function rolledToken(abilities = ["tokens:write", "user:write"]) {
  const user = await app.createUser();
  const old = await createToken(app, user.email, { abilities });
  const rolled = await roll(old, {
    token_id: tokenId(old),
    grace_seconds: 3600,
  });
  expect(rolled.status, rolled.text).toBe(200);
  return { user, old, fresh: rolled.body.token as string };
}

describe("a rolled token in its grace", () => {
  it("cannot roll or revoke its successor, flush the owner's tokens or sign out; the successor keeps working", async () => {
    const { old, fresh } = await rolledToken();
    const agent = app.agent();
    expectRefused(await roll(old, { token_id: tokenId(fresh) }), REPLACED);
    expectRefused(await roll(old, { token_id: tokenId(old) }), REPLACED);
    const fields = { token_id: tokenId(fresh) };
    for (const path of ["revoke-token", "flush-tokens", "logout"])
      expectRefused(
        await agent.post(`/auth/${path}`, fields, { bearer: old }),
        REPLACED,
      );
    expect(await authenticated(old)).toBe(true);
    expect(await authenticated(fresh)).toBe(true);
    const again = await roll(fresh, { token_id: tokenId(fresh) });
    expect(again.status, again.text).toBe(200);
  });

  it.each(managingTokens.map((target) => [target.label, target] as const))(
    "is refused by %s before anything is written",
    async (_label, target) => {
      const { old } = await rolledToken(["*"]);
      const before = await writtenRows(app.database.db);
      const path = target.template.replace(/\{(\w+)\}/g, "1");
      const params = Object.fromEntries(
        target.params.map((name) => [name, "1"]),
      );
      const response = await app.agent().request(target.method, path, {
        json: target.method === "DELETE" ? undefined : { token_id: 1 },
        host: target.host,
        params,
        bearer: old,
      });
      expectRefused(response, REPLACED);
      expect(await writtenRows(app.database.db)).toEqual(before);
    },
  );

  it("still does what its other abilities allow, until the grace ends", async () => {
    app.setNow(new Date("2026-12-02T10:00:00Z"));
    const { user, old } = await rolledToken();
    const update = () =>
      app
        .agent()
        .put(
          "/api/app/user/update",
          { user_id: user.id, name: "Still deploying" },
          { bearer: old, host: USER_UPDATE_ROUTE },
        );
    const renamed = await update();
    expect(renamed.status, renamed.text).toBe(200);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: old })).status,
    ).toBe(200);
    app.advance(3600);
    expect((await update()).status).toBe(401);
  });
});

describe("which token a roll may name", () => {
  it("a token rolls only itself: another of the owner's tokens is 403 and stays as it was", async () => {
    const user = await app.createUser();
    const ci = await createToken(app, user.email, {
      name: "ci",
      abilities: ["tokens:write"],
    });
    const deploy = await createToken(app, user.email, { name: "deploy" });
    expectRefused(await roll(ci, { token_id: tokenId(deploy) }), OWN_ONLY);
    const listed = await app.agent().post("/auth/tokens", {}, { bearer: ci });
    expect(listed.body.tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: tokenId(deploy), replaced_by: null }),
      ]),
    );
    expect(await authenticated(deploy)).toBe(true);
  });

  it("a session rolls any of the owner's tokens", async () => {
    const user = await app.createUser();
    const first = await createToken(app, user.email, { name: "first" });
    const second = await createToken(app, user.email, { name: "second" });
    const agent = await signIn(app, user);
    await confirmPassword(agent);
    for (const token of [first, second]) {
      const rolled = await agent.post("/auth/roll-token", {
        token_id: tokenId(token),
        grace_seconds: 0,
      });
      expect(rolled.status, rolled.text).toBe(200);
      expect(await authenticated(token)).toBe(false);
    }
  });
});
