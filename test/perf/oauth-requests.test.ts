import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  oauthAccessTokens,
  oauthClients,
  oauthClientSettings,
  rateLimits,
} from "@/db/schema";
import { settleBackground } from "@/lib/server/background";
import { useTestApp } from "../support/app";
import { machineClient, pipelineFetch } from "../oauth/support";

// Decision record 104: a client-credentials token request costs two statements (the limiter's
// count with the client's row; the token's row with the client's use when due), one once this
// process has accepted the client (decision record 112), and the
// introspection of an access token this server signed one, which writes nothing (decision record
// 116: its limiter counts refusals only); none of them opens a transaction, so statements are
// transactions. The limiters are the named `oauth-token` and `oauth-introspect`, as by default
// with lower maximums.
const app = useTestApp(
  {
    auth: {
      limiters: {
        "oauth-token": [{ by: "ip", max: 3, minutes: 1 }],
        "oauth-introspect": [
          { by: "ip", max: 3, minutes: 1, "refused-only": true },
        ],
      },
    },
  },
  { logStatements: true },
);
beforeEach(() => app.setNow(new Date()));

/** The machine client and its client_secret_basic header. */
async function basicClient() {
  const { id, secret } = await machineClient(app);
  return {
    id,
    basic: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
  };
}

/** POSTs a form to an OAuth endpoint from `ip`; the answer's status and JSON. */
async function post(path: string, basic: string, form: string, ip: string) {
  const response = await pipelineFetch(app)(
    `${app.services.env.APP_URL}${path}`,
    {
      method: "POST",
      headers: {
        authorization: basic,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": ip,
      },
      body: form,
    },
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const grant = (basic: string, ip = "10.0.0.1") =>
  post(
    "/oauth/token",
    basic,
    "grant_type=client_credentials&scope=tokens:write",
    ip,
  );
const introspect = (basic: string, token: unknown, ip = "10.0.0.1") =>
  post("/oauth/introspect", basic, `token=${String(token)}`, ip);

/** The statements `run` sent, what runs after the response included. */
async function counted<T>(run: () => Promise<T>) {
  await settleBackground();
  app.statements.length = 0;
  const result = await run();
  await settleBackground();
  return { result, statements: [...app.statements] };
}

describe("OAuth requests at the speed of a lookup (decision record 104)", () => {
  it("a client-credentials token: two statements, the limiter's count with the client's row; the client's use rides with the token's row", async () => {
    const { id, basic } = await basicClient();
    // The first request's bcrypt check and the client's use (written once a minute).
    const first = await counted(() => grant(basic, "10.0.0.2"));
    expect(first.result.status).toBe(200);
    expect(first.statements).toHaveLength(2);
    expect(first.statements[1]).toMatch(/oauth_client_settings/);
    const [settings] = await app.database.db
      .select()
      .from(oauthClientSettings)
      .where(eq(oauthClientSettings.clientId, id));
    expect(settings?.lastUsedAt).not.toBeNull();

    // Decision record 112: once this process has accepted the client, one statement — the
    // limiter's count, the token's row conditioned on the count and on the client's row being
    // the one judged, and the client's use when due.
    app.setNow(new Date(Date.now() + 120_000));
    const warm = await counted(() => grant(basic, "10.0.0.3"));
    expect(warm.result.status).toBe(200);
    expect(warm.statements).toHaveLength(1);
    expect(warm.statements[0]).toMatch(
      /^with "hit_0" as \(insert into "rate_limits".*known_client as .*md5\("oauth_clients"::text\).*issued as \(insert into "oauth_access_tokens".*client_use as \(\s*insert into "oauth_client_settings"/s,
    );
    const again = await counted(() => grant(basic, "10.0.0.3"));
    expect(again.statements).toHaveLength(1);
    expect(again.statements[0]).not.toMatch(/oauth_client_settings/);
    const introspected = await introspect(
      basic,
      again.result.body.access_token,
      "10.0.0.3",
    );
    expect(introspected.body).toMatchObject({
      active: true,
      scope: "tokens:write",
    });
  });

  it("the grant in one statement stops at a client changed elsewhere: a rotated secret, a revoked or deleted client, a grant type taken away", async () => {
    const { id, basic } = await basicClient();
    expect((await grant(basic, "10.0.3.1")).status).toBe(200);
    expect((await grant(basic, "10.0.3.1")).status).toBe(200);
    // Its grant types changed (as by Passport's own admin): unauthorized_client, judged anew.
    await app.database.db
      .update(oauthClients)
      .set({ grantTypes: JSON.stringify(["authorization_code"]) })
      .where(eq(oauthClients.id, id));
    const narrowed = await counted(() => grant(basic, "10.0.3.2"));
    expect(narrowed.result).toMatchObject({
      status: 400,
      body: { error: "unauthorized_client" },
    });
    // Counted once: the one statement counted it, the ordinary path read the row alone.
    expect(narrowed.statements).toHaveLength(2);
    expect(narrowed.statements[1]).not.toMatch(/rate_limits/);
    await app.database.db
      .update(oauthClients)
      .set({ grantTypes: JSON.stringify(["client_credentials"]) })
      .where(eq(oauthClients.id, id));
    expect((await grant(basic, "10.0.3.3")).status).toBe(200);
    // Its secret replaced on another instance (no overlap): the old one is refused at once.
    const [before] = await app.database.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.id, id));
    await app.database.db
      .update(oauthClients)
      .set({ secret: "a-secret-set-elsewhere" })
      .where(eq(oauthClients.id, id));
    expect(await grant(basic, "10.0.3.4")).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    await app.database.db
      .update(oauthClients)
      .set({ secret: before?.secret ?? null })
      .where(eq(oauthClients.id, id));
    expect((await grant(basic, "10.0.3.4")).status).toBe(200);
    await app.database.db
      .update(oauthClients)
      .set({ revoked: true })
      .where(eq(oauthClients.id, id));
    expect(await grant(basic, "10.0.3.4")).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    await app.database.db.delete(oauthClients).where(eq(oauthClients.id, id));
    expect((await grant(basic, "10.0.3.5")).status).toBe(401);
    const tokens = await app.database.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.clientId, id));
    expect(tokens).toHaveLength(4);
  });

  it("introspecting an access token we signed: one statement that writes nothing, the limiter's window read with the client's and the token's rows", async () => {
    const { basic } = await basicClient();
    const token = (await grant(basic)).body.access_token;
    const described = await counted(() => introspect(basic, token));
    expect(described.result).toMatchObject({
      status: 200,
      body: { active: true, token_type: "Bearer" },
    });
    expect(described.statements).toHaveLength(1);
    expect(described.statements[0]).toMatch(
      /^select .*from "rate_limits".*oauth_clients.*oauth_access_tokens/s,
    );
    expect(described.statements[0]).not.toMatch(
      /insert into|update "|delete from/i,
    );
    // A resource server introspecting every request it serves uses up nothing: past the
    // limiter's maximum, still answered, and no window was opened for its address.
    const windows = () => app.database.db.select().from(rateLimits);
    const before = await windows();
    for (let i = 0; i < 5; i++)
      expect((await introspect(basic, token, "10.0.0.9")).status).toBe(200);
    expect(await windows()).toEqual(before);
  });

  it("revocation still ends an introspected token; a deleted client is refused", async () => {
    const { id, basic } = await basicClient();
    const token = (await grant(basic)).body.access_token;
    await app.database.db
      .update(oauthAccessTokens)
      .set({ revoked: true })
      .where(eq(oauthAccessTokens.clientId, id));
    expect((await introspect(basic, token, "10.0.1.1")).body).toEqual({
      active: false,
    });
    // A secret rotated on another instance stops at the token endpoint (read by the same
    // statement): test/oauth/verified-secrets.test.ts, which runs through it.
    await app.database.db.delete(oauthClients).where(eq(oauthClients.id, id));
    expect(await introspect(basic, token, "10.0.1.3")).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
  });

  it("the named limiters answer 429 past their configured limit, with no token issued, and count the requests refused before the statement", async () => {
    const { id, basic } = await basicClient();
    const ip = "10.0.2.1";
    expect((await grant(basic, ip)).status).toBe(200);
    // Refused before any statement (no such grant): still counted.
    expect(
      (await post("/oauth/token", basic, "grant_type=password", ip)).status,
    ).toBe(400);
    expect((await grant(basic, ip)).status).toBe(200);
    const refused = await counted(() => grant(basic, ip));
    expect(refused.result.status).toBe(429);
    // Refused by the grant's one statement (its token signed for nothing, once): the next
    // request in the window goes the ordinary way, refused by its first statement, unsigned.
    expect(refused.statements[0]).toMatch(/issued as/);
    const again = await counted(() => grant(basic, ip));
    expect(again.result.status).toBe(429);
    expect(again.statements).toHaveLength(1);
    expect(again.statements[0]).not.toMatch(/issued as/);
    const tokens = await app.database.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.clientId, id));
    expect(tokens).toHaveLength(2);
    expect(
      (await post("/oauth/token", basic, "grant_type=password", ip)).status,
    ).toBe(429);
    // Another address, and the introspection's own limiter, are counted apart.
    expect((await grant(basic, "10.0.2.2")).status).toBe(200);
  });

  it("introspection's limiter counts the requests it refuses (a wrong secret, no token), not the ones it answers; past its maximum the address is refused, the right secret too (decision record 116)", async () => {
    const { id, basic } = await basicClient();
    const token = (await grant(basic, "10.0.4.1")).body.access_token;
    const wrong = `Basic ${Buffer.from(`${id}:not-the-secret`).toString("base64")}`;
    const ip = "10.0.4.2";
    // Answered, active or not: never counted.
    for (let i = 0; i < 4; i++)
      expect((await introspect(basic, token, ip)).status).toBe(200);
    expect((await introspect(basic, "not-a-token", ip)).body).toEqual({
      active: false,
    });
    // Refused: a wrong secret (401), no token (400); each counted after its answer.
    const refused = await counted(() => introspect(wrong, token, ip));
    expect(refused.result).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    // The read, the rotation's previous secret (none), then the count.
    expect(refused.statements).toHaveLength(3);
    expect(refused.statements[2]).toMatch(/^insert into "rate_limits"/);
    expect((await post("/oauth/introspect", basic, "", ip)).body).toMatchObject(
      { error: "invalid_request" },
    );
    expect((await introspect(wrong, token, ip)).status).toBe(401);
    // The maximum (3) reached: refused before anything is judged, the right secret too.
    const limited = await introspect(basic, token, ip);
    expect(limited.status).toBe(429);
    expect((await introspect(wrong, token, ip)).status).toBe(429);
    // Another address is apart.
    expect((await introspect(basic, token, "10.0.4.3")).status).toBe(200);
  });
});
