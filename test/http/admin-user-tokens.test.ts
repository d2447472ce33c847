import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokenSettings } from "@/db/schema";
import { ADMIN_USER_TOKENS_ROUTE } from "@/lib/admin/user-tokens";
import { flushTokenUses } from "@/lib/auth/token-usage";
import { settleBackground } from "@/lib/server/background";
import { signIn, useTestApp } from "../support/app";
import { createToken, tokenId } from "../support/tokens";

// Decision record 045: an administrator sees a user's tokens with their use, as the owner does.
const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });
const T0 = new Date("2026-11-25T10:00:00Z");

const tokensOf = (agent: Awaited<ReturnType<typeof signIn>>, id: string) =>
  agent.get(`/api/admin/users/${id}/tokens`, {
    host: ADMIN_USER_TOKENS_ROUTE,
    params: { id },
  });

describe("GET /api/admin/users/{id}/tokens", () => {
  it("lists the user's tokens with requests in 24 h and 30 days, the last address as people read it and the user agent", async () => {
    app.setNow(T0);
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const user = await app.createUser();
    const used = await createToken(app, user.email, {
      name: "deploy",
      abilities: ["user:write"],
      rate_limit: 60,
    });
    const idle = await createToken(app, user.email, { name: "idle" });
    await createToken(app, (await app.createUser()).email); // someone else's
    // A dual-stack socket reports an IPv4 client as ::ffff:203.0.113.7.
    const client = app.agent("::ffff:203.0.113.7");
    for (let i = 0; i < 3; i++) {
      const response = await client.get("/auth/get-auth", {
        bearer: used,
        headers: { "user-agent": "deploy-bot/2.1" },
      });
      expect(response.body.authenticated).toBe(true);
    }
    await settleBackground();
    await flushTokenUses(app.database.db);

    const [stored] = await app.database.db
      .select()
      .from(personalAccessTokenSettings)
      .where(eq(personalAccessTokenSettings.tokenId, tokenId(used)));
    expect(stored?.lastUsedIp).toBe("::ffff:203.0.113.7");

    const response = await tokensOf(admin, String(user.id));
    expect(response.status, response.text).toBe(200);
    const tokens = response.body.tokens as Record<string, unknown>[];
    expect(tokens.map((token) => token.id)).toEqual([
      tokenId(idle),
      tokenId(used),
    ]);
    expect(tokens[1]).toMatchObject({
      name: "deploy",
      abilities: ["user:write"],
      rate_limit: 60,
      last_used_at: T0.toISOString(),
      last_used_ip: "203.0.113.7",
      last_used_user_agent: "deploy-bot/2.1",
      requests_24h: 3,
      requests_30d: 3,
    });
    expect(tokens[0]).toMatchObject({
      name: "idle",
      last_used_at: null,
      last_used_ip: null,
      requests_24h: 0,
    });
    // The secret is never stored, so never shown.
    expect(JSON.stringify(tokens)).not.toContain(used.split("|")[1]);
  });

  it("is for administrators only (403), and an unknown or malformed id is 404", async () => {
    const user = await app.createUser();
    const other = await signIn(app, await app.createUser());
    expect((await tokensOf(other, String(user.id))).status).toBe(403);
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    expect((await tokensOf(admin, "999999")).status).toBe(404);
    expect((await tokensOf(admin, "abc")).status).toBe(404);
    expect((await tokensOf(app.agent(), String(user.id))).status).toBe(401);
  });
});
