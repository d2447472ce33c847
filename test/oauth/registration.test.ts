import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oauthClients } from "@/db/schema";
import { settleBackground } from "@/lib/server/background";
import { useTestApp } from "../support/app";
import { pruneNow } from "../support/prune";
import { userAccessToken } from "./flows";
import {
  discover,
  pipelineFetch,
  REDIRECT_URI,
  registerClient,
  registerItself,
  signedInAdmin,
} from "./support";

const app = useTestApp();

async function register(metadata: Record<string, unknown>, ip = "127.0.0.1") {
  const as = await discover(app);
  const response = await pipelineFetch(app)(as.registration_endpoint ?? "", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(metadata),
  });
  return { status: response.status, body: await response.json() };
}

describe("dynamic client registration (RFC 7591, Laravel MCP's shape)", () => {
  it("registers a public client that oauth4webapi accepts and that signs a user in with PKCE", async () => {
    const as = await discover(app);
    expect(as.registration_endpoint).toBe(
      `${app.services.env.APP_URL}/oauth/register`,
    );
    const registered = await registerItself(app, {
      client_name: "Claude",
      logo_uri: "https://claude.example/logo.png",
    });
    expect(registered).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_id_issued_at: expect.any(Number),
      client_name: "Claude",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      redirect_uris: [REDIRECT_URI],
      scope: "openid profile email user:write",
      token_endpoint_auth_method: "none",
    });
    const { tokens } = await userAccessToken(
      app,
      "openid user:write",
      {},
      registered.client_id,
    );
    expect(tokens.access_token).toMatch(/^ey/);
    expect(tokens.refresh_token).toMatch(/^def50200/);
    const [row] = await app.database.db
      .select()
      .from(oauthClients)
      .where(eq(oauthClients.id, registered.client_id));
    expect(row).toMatchObject({ userId: null, secret: null, name: "Claude" });
  });

  it("answers RFC 7591's errors, never a 500, and keeps to the allowed redirect domains", async () => {
    for (const [metadata, error] of [
      [{}, "invalid_redirect_uri"],
      [{ redirect_uris: [] }, "invalid_redirect_uri"],
      [{ redirect_uris: "https://a.example/cb" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://a.example/cb#x"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["not a uri"] }, "invalid_redirect_uri"],
      [
        {
          redirect_uris: [REDIRECT_URI],
          token_endpoint_auth_method: "client_secret_basic",
        },
        "invalid_client_metadata",
      ],
      [
        { redirect_uris: [REDIRECT_URI], grant_types: ["client_credentials"] },
        "invalid_client_metadata",
      ],
    ] as const) {
      const answer = await register(metadata, "10.0.0.1");
      expect(answer.status, JSON.stringify(metadata)).toBe(400);
      expect(answer.body.error, JSON.stringify(metadata)).toBe(error);
    }

    app.configure({
      auth: {
        oauth: {
          "redirect-domains": ["https://claude.ai", "http://localhost"],
          "registration-scopes": ["openid"],
          "registered-client-unused-days": 30,
        },
      },
    });
    for (const [uri, status] of [
      ["https://claude.ai/api/mcp/auth_callback", 201],
      ["https://claude.ai.evil.example/cb", 400],
      ["http://localhost:53682/callback", 201],
      ["http://127.0.0.1:53682/callback", 201],
      ["http://localhost.evil.example/cb", 400],
      [REDIRECT_URI, 400],
    ] as const) {
      const answer = await register({ redirect_uris: [uri] }, "10.0.0.2");
      expect(answer.status, uri).toBe(status);
      if (status === 201) expect(answer.body.scope).toBe("openid");
    }
  });

  it("has its own throttle per address", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push(
        (await register({ redirect_uris: [REDIRECT_URI] }, "10.0.0.9")).status,
      );
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(
      (await register({ redirect_uris: [REDIRECT_URI] }, "10.0.0.10")).status,
    ).toBe(201);
  });

  it("prunes registered clients left unused, never the ones people made", async () => {
    app.setNow(new Date("2026-11-26T08:00:00Z"));
    const unused = await register({ redirect_uris: [REDIRECT_URI] });
    const used = await register({ redirect_uris: [REDIRECT_URI] });
    const { agent } = await signedInAdmin(app);
    const made = await registerClient(agent, {
      name: "Made by hand",
      redirect_uris: [REDIRECT_URI],
    });
    app.advance(20 * 86_400);
    const { tokens } = await userAccessToken(
      app,
      "openid",
      {},
      used.body.client_id,
    );
    expect(tokens.access_token).toBeTruthy();
    await settleBackground();
    app.advance(11 * 86_400);
    expect((await pruneNow(app)).registered_oauth_clients).toBe(1);
    const left = (
      await app.database.db.select({ id: oauthClients.id }).from(oauthClients)
    ).map((row) => row.id);
    expect(left.sort()).toEqual([made.id, used.body.client_id].sort());
    app.advance(30 * 86_400);
    expect((await pruneNow(app)).registered_oauth_clients).toBe(1);
    expect(
      (await app.database.db.select().from(oauthClients)).map((c) => c.id),
    ).toEqual([made.id]);
    expect(unused.status).toBe(201);
  });
});
