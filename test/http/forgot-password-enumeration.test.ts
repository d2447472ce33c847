import { describe, expect, it } from "vitest";
import { settleBackground } from "@/lib/server/background";
import { Agent } from "../support/agent";
import { useTestApp } from "../support/app";
import { insertUser } from "../support/services";

// Decision record 004, "deferred messages": whether an account has the address must not show in
// forgot-password's answer nor in its timing. The request sends the same statements either way
// (one queued job, the limiter's), so no difference in work is left to time; the worker looks the
// account up later. Statements, not milliseconds, are compared: they do not move with the machine's
// load (`npm run bench:enumeration-timing` measures the milliseconds).
const app = useTestApp({}, { logStatements: true });

/** The text of every statement the request sent (parameters aside: they hold the address). */
async function sent(agent: Agent, email: string): Promise<string[]> {
  await settleBackground();
  app.statements.length = 0;
  const response = await agent.post("/auth/forgot-password", { email });
  expect(response.status).toBe(200);
  await settleBackground();
  return [...app.statements];
}

describe("POST /auth/forgot-password does the same work for a known and an unknown email", () => {
  it("sends the same statements, none of them reading the users", async () => {
    await insertUser(app.database, "known@example.com");
    const agent = app.agent();
    await agent.csrf();
    // In both orders: the limiter's first hit for an address may differ from its later ones.
    const unknownFirst = await sent(agent, "nobody@example.com");
    const knownSecond = await sent(agent, "known@example.com");
    const knownThird = await sent(agent, "known@example.com");
    const unknownFourth = await sent(agent, "nobody-else@example.com");
    expect(knownSecond).toEqual(unknownFirst);
    expect(unknownFourth).toEqual(knownThird);
    expect(knownSecond.length).toBeGreaterThan(0);
    for (const statement of [...knownSecond, ...knownThird])
      expect(statement).not.toMatch(/\bfrom\s+"?users"?/i);

    // The worker then tells them apart: one link, to the account that exists (the second request
    // for it falls under the once-a-minute rule).
    const mail = await app.mail();
    expect(mail.map((message) => message.to)).toEqual([["known@example.com"]]);
  });
});
