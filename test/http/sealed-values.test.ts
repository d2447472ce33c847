import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import {
  authorizeAt,
  type FakeOidc,
  startFakeOidc,
} from "@/e2e/support/fake-oidc";
import { signIn, useTestApp } from "../support/app";

// Decision record 002: a sealed value (session cookie, impersonation token, social-login state)
// is accepted only byte for byte as it was issued. iron-session reads the `~2` version suffix
// with parseInt, so `…~2A`, `…~2~2` or `…~02` opened like the original.
const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });
let provider: FakeOidc;

beforeAll(async () => {
  provider = await startFakeOidc();
});
afterAll(() => provider.close());

/** Every way of writing a seal that iron-session's lenient suffix parsing used to accept, and a few more. */
function tamperings(sealed: string): string[] {
  expect(sealed).toMatch(/^Fe26\.2\*1\*[^~]+~2$/);
  const body = sealed.slice(0, -2);
  return [
    `${sealed}A`,
    `${sealed}0`,
    `${sealed}~2`,
    `${sealed}.5`,
    `${sealed} `,
    `${body}~02`,
    `${body}~+2`,
    `${body}~ 2`,
    body,
    `${body}~1`,
    ` ${sealed}`,
    `${sealed}*`,
  ];
}

describe("sealed values are accepted only as issued", () => {
  it("refuses an impersonation token with anything appended or altered (403), then accepts the token itself", async () => {
    const admin = await app.createUser({ email: ADMIN });
    const target = await app.createUser();
    const agent = await signIn(app, admin);
    const issued = await agent.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    const token = decodeURIComponent(
      new URL(issued.body.url as string).pathname.split("/").at(-1) ?? "",
    );
    for (const tampered of tamperings(token)) {
      expect({
        tampered,
        status: (
          await agent.get(`/auth/impersonate/${encodeURIComponent(tampered)}`)
        ).status,
      }).toEqual({ tampered, status: 403 });
    }
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { id: admin.id },
      impersonating: false,
    });
    expect(
      (await agent.get(`/auth/impersonate/${encodeURIComponent(token)}`))
        .status,
    ).toBe(200);
  });

  it("treats a session cookie with anything appended or altered as no session", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const cookie = agent.cookies.get("auth_session") ?? "";
    for (const tampered of tamperings(cookie)) {
      agent.cookies.set("auth_session", tampered);
      const body = (await agent.get("/auth/get-auth")).body as {
        authenticated: boolean;
      };
      expect({ tampered, authenticated: body.authenticated }).toEqual({
        tampered,
        authenticated: false,
      });
    }
    agent.cookies.set("auth_session", cookie);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
  });

  it("refuses a social-login state cookie with anything appended or altered", async () => {
    app.configure({
      services: { acme: provider.serviceEntry("/auth/social/acme/callback") },
    });
    provider.setUser({
      sub: "7",
      email: "state@example.com",
      email_verified: true,
      name: "State",
    });
    const count = tamperings(
      await startSocialSignIn(app.agent()).then(({ state }) => state),
    ).length;
    for (let index = 0; index < count; index++) {
      const agent = app.agent();
      const { state, back } = await startSocialSignIn(agent);
      const tampered = tamperings(state)[index] ?? "";
      agent.cookies.set("auth_social_state", tampered);
      const response = await agent.get(`${back.pathname}${back.search}`);
      expect({ tampered, status: response.status }).toEqual({
        tampered,
        status: 422,
      });
    }
    expect(await app.database.db.select().from(users)).toHaveLength(0);
    const agent = app.agent();
    const { back } = await startSocialSignIn(agent);
    expect((await agent.get(`${back.pathname}${back.search}`)).status).toBe(
      200,
    );
  });
});

/** Our redirect and the provider's answer: the sealed state cookie we set, and the callback URL. */
async function startSocialSignIn(
  agent: ReturnType<typeof app.agent>,
): Promise<{ state: string; back: URL }> {
  const start = await agent.get("/auth/social/acme/redirect", {
    asJson: false,
  });
  const back = await authorizeAt(start.headers.get("location") ?? "");
  return { state: agent.cookies.get("auth_social_state") ?? "", back };
}
