import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { setHooks } from "@/lib/server/hooks";
import type { ProviderUser } from "@/lib/server/provider-user";
import { json } from "@/lib/http/respond";
import { presentUser } from "@/lib/users/users";
import {
  authorizeAt,
  type FakeOidc,
  startFakeOidc,
} from "@/e2e/support/fake-oidc";
import type { Agent } from "../support/agent";
import { useTestApp } from "../support/app";

const app = useTestApp();
let provider: FakeOidc;

beforeAll(async () => {
  provider = await startFakeOidc({
    user: {
      sub: "77",
      email: "hooked@example.com",
      email_verified: true,
      name: "Hooked",
    },
  });
});
afterAll(() => provider.close());
beforeEach(() =>
  app.configure({
    services: { acme: provider.serviceEntry("/auth/social/acme/callback") },
  }),
);

async function completeSignIn(agent: Agent, asJson = true) {
  const start = await agent.get("/auth/social/acme/redirect");
  const back = await authorizeAt(start.headers.get("location") ?? "");
  return agent.get(`${back.pathname}${back.search}`, { asJson });
}

describe("social login hooks (contract §5 Customization hooks)", () => {
  it("the custom social login callback receives user, provider and provider user, and responds in place of the default", async () => {
    const user = await app.createUser({ email: "hooked@example.com" });
    const calls: {
      userId: number;
      provider: string;
      providerUser: ProviderUser;
    }[] = [];
    setHooks({
      async socialLogin(found, name, providerUser, ctx) {
        calls.push({ userId: found.id, provider: name, providerUser });
        await ctx.session.login(found, { remember: true });
        return { success: true, custom: true, user: presentUser(found) };
      },
    });
    const agent = app.agent();
    const response = await completeSignIn(agent);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      custom: true,
      user: { id: user.id },
    });
    expect(calls).toEqual([
      {
        userId: user.id,
        provider: "acme",
        providerUser: expect.objectContaining({
          id: "77",
          email: "hooked@example.com",
          emailVerified: true,
          name: "Hooked",
        }),
      },
    ]);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
  });

  it("the custom social login callback decides whether anyone is signed in, and may answer with its own Response", async () => {
    await app.createUser({ email: "hooked@example.com" });
    setHooks({
      socialLogin: async () => json({ pending: "second-factor" }, 202),
    });
    const agent = app.agent();
    const response = await completeSignIn(agent, false);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ pending: "second-factor" });
    expect(
      response.setCookies.find((c) => c.startsWith("auth_social_state=")),
    ).toMatch(/Max-Age=0/);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: false,
    });
  });

  it("the custom social register callback receives provider user and provider and creates the account", async () => {
    const registered = app.events("Registered");
    const seen: string[] = [];
    setHooks({
      async socialRegister(providerUser, name, ctx) {
        seen.push(`${name}:${providerUser.id}`);
        const [created] = await ctx.db
          .insert(users)
          .values({
            name: `From ${name}`,
            email: providerUser.email ?? "",
            password: "!",
            payload: { provider_id: providerUser.id },
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning();
        if (!created) throw new Error("no row");
        return created;
      },
    });
    const agent = app.agent();
    const response = await completeSignIn(agent);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      name: "From acme",
      email: "hooked@example.com",
      payload: { provider_id: "77" },
    });
    expect(seen).toEqual(["acme:77"]);
    expect(registered.map((event) => event.user.email)).toEqual([
      "hooked@example.com",
    ]);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { name: "From acme" },
    });
  });

  it("the custom social register callback is not asked when the account exists", async () => {
    await app.createUser({ email: "HOOKED@example.com" });
    let asked = false;
    setHooks({
      async socialRegister() {
        asked = true;
        throw new Error("must not be called");
      },
    });
    expect((await completeSignIn(app.agent())).status).toBe(200);
    expect(asked).toBe(false);
  });
});
