import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens, users } from "@/db/schema";
import { verifyPassword } from "@/lib/auth/passwords";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { linkIn } from "../support/session";
import { createToken, tokenId } from "../support/tokens";

// Decision record 010: races. Fifty requests at once, each from its own client where the flow needs one.
const app = useTestApp();
const PARALLEL = 50;

async function guests(count: number): Promise<Agent[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const agent = app.agent();
      await agent.csrf();
      return agent;
    }),
  );
}

const statuses = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>(
    (counts, { status }) => ({
      ...counts,
      [status]: (counts[status] ?? 0) + 1,
    }),
    {},
  );

describe("concurrent requests (decision record 010)", () => {
  it("50 parallel registrations of one email make one user; the others answer 422 on email", async () => {
    // This race is about the unique email, not the limiters: every request may pass them.
    app.configure({
      auth: { limiters: { register: [{ by: "ip", max: 1000, minutes: 1 }] } },
    });
    const email = "race@example.test";
    const clients = await guests(PARALLEL);
    const responses = await Promise.all(
      clients.map((agent) =>
        agent.post("/auth/register", {
          name: "Race",
          email,
          password: PASSWORD,
          password_confirmation: PASSWORD,
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 422: PARALLEL - 1 });
    for (const response of responses.filter((r) => r.status === 422)) {
      expect(response.body.errors).toEqual({
        email: ["The email has already been taken."],
      });
    }
    const [row] = await app.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(row?.count).toBe(1);
  });

  it("50 parallel revocations of one token make one revoked:true", async () => {
    const user = await app.createUser();
    const plain = await createToken(app, user.email);
    const agent = await signIn(app, user);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        agent.post("/auth/revoke-token", { token_id: tokenId(plain) }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: PARALLEL });
    expect(responses.filter((r) => r.body.revoked === true)).toHaveLength(1);
    expect(responses.filter((r) => r.body.revoked === false)).toHaveLength(
      PARALLEL - 1,
    );
    expect(
      await app.database.db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.id, tokenId(plain))),
    ).toEqual([]);
  });

  it("50 parallel uses of one reset token reset the password once", async () => {
    const user = await app.createUser();
    const events = app.events("PasswordReset");
    await (
      await guests(1)
    )[0]?.post("/auth/forgot-password", { email: user.email });
    const [token = "", email = ""] = linkIn(
      (await app.lastMailTo(user.email)).text,
    )
      .pathname.split("/")
      .slice(-2)
      .map(decodeURIComponent);
    const clients = await guests(PARALLEL);
    const responses = await Promise.all(
      clients.map((agent, index) => {
        const password = `new-password-${index}`;
        return agent.post("/auth/reset-password", {
          token,
          email,
          password,
          password_confirmation: password,
        });
      }),
    );
    expect(statuses(responses)).toEqual({ 200: 1, 422: PARALLEL - 1 });
    expect(events).toHaveLength(1);
    const winner = responses.findIndex((r) => r.status === 200);
    const [stored] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(
      await verifyPassword(`new-password-${winner}`, stored?.password ?? ""),
    ).toBe(true);
  });
});
