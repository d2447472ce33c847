import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordlessLinks } from "@/db/schema";
import type { Agent } from "../support/agent";
import { useTestApp } from "../support/app";
import { pruneAuthTables } from "@/lib/auth/prune";
import { linkIn } from "../support/session";
import { enrol, totpCode } from "../support/two-factor";

// Decision record 088: sign-in by an emailed link or six-digit code.
const app = useTestApp(
  { auth: { features: { passwordless: true } } },
  { logStatements: true },
);
const SENT =
  "If an account exists for that email address, we have emailed a sign-in link and code.";

async function guest(ip?: string): Promise<Agent> {
  const agent = app.agent(ip);
  await agent.csrf();
  return agent;
}

/** Asks for a link from `agent`; answers the mailed link's token and code. */
async function ask(agent: Agent, email: string, remember = false) {
  const response = await agent.post("/auth/passwordless", { email, remember });
  expect(response.status, response.text).toBe(200);
  const mail = await app.lastMailTo(email);
  const token = linkIn(mail.text).pathname.split("/").pop() ?? "";
  const code = /code is (\d{6})/.exec(mail.text)?.[1] ?? "";
  return { token, code, mail };
}

const signedInAs = async (agent: Agent) =>
  (await agent.get("/auth/get-auth")).body.user?.id as number | undefined;

describe("sign-in by an emailed link or code (decision record 088)", () => {
  it("is off by default: both routes answer 404", async () => {
    app.configure({ auth: { features: { passwordless: false } } });
    const agent = await guest();
    const user = await app.createUser();
    expect(
      (await agent.post("/auth/passwordless", { email: user.email })).status,
    ).toBe(404);
    expect(
      (await agent.post("/auth/passwordless/verify", { token: "x" })).status,
    ).toBe(404);
    expect(await app.mail()).toEqual([]);
  });

  it("answers the same, with the same statements, whether or not the account exists", async () => {
    const user = await app.createUser();
    const statementsOf = async (email: string) => {
      const agent = await guest();
      app.statements.length = 0;
      const response = await agent.post("/auth/passwordless", { email });
      return {
        status: response.status,
        body: response.body,
        // Values aside: the same statements, in the same order, is the same work.
        statements: [...app.statements],
      };
    };
    const known = await statementsOf(user.email);
    const unknown = await statementsOf("nobody@example.com");
    expect(known.body).toEqual({ success: true, message: SENT });
    expect(unknown).toEqual(known);
    const mails = await app.mail();
    expect(mails.map((mail) => mail.to)).toEqual([[user.email]]);
  });

  it("mails one link and one six-digit code, stored hashed", async () => {
    const user = await app.createUser();
    const { token, code, mail } = await ask(await guest(), user.email);
    expect(mail.subject).toBe("Your sign-in link");
    expect(code).toMatch(/^\d{6}$/);
    const rows = await app.database.db
      .select()
      .from(passwordlessLinks)
      .where(eq(passwordlessLinks.userId, user.id));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(code);
  });

  it("signs in the browser that asked from the link, on the POST alone", async () => {
    const user = await app.createUser();
    const browser = await guest();
    const { token } = await ask(browser, user.email);
    // The confirm page's GET signs nobody in: there is no GET to the verify route.
    expect((await browser.get("/auth/passwordless/verify")).status).toBe(405);
    expect(await signedInAs(browser)).toBeUndefined();
    const response = await browser.post("/auth/passwordless/verify", { token });
    expect(response.status, response.text).toBe(200);
    expect(response.body.user.id).toBe(user.id);
    expect(await signedInAs(browser)).toBe(user.id);
  });

  it("asks another browser for the code with the link, and signs it in with it", async () => {
    const user = await app.createUser();
    const { token, code } = await ask(await guest(), user.email);
    const other = await guest();
    const bare = await other.post("/auth/passwordless/verify", { token });
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual({
      code: ["Enter the code from the email to sign in on this browser."],
    });
    const withCode = await other.post("/auth/passwordless/verify", {
      token,
      code,
    });
    expect(withCode.status, withCode.text).toBe(200);
    expect(await signedInAs(other)).toBe(user.id);
  });

  it("signs in with the address and the code", async () => {
    const user = await app.createUser();
    const browser = await guest();
    const { code } = await ask(browser, user.email);
    const response = await browser.post("/auth/passwordless/verify", {
      email: user.email,
      code,
    });
    expect(response.status, response.text).toBe(200);
    expect(await signedInAs(browser)).toBe(user.id);
  });

  it("takes a link or code once", async () => {
    const user = await app.createUser();
    const browser = await guest();
    const { token, code } = await ask(browser, user.email);
    expect(
      (await browser.post("/auth/passwordless/verify", { token })).status,
    ).toBe(200);
    const again = await (
      await guest()
    ).post("/auth/passwordless/verify", { token, code });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      token: ["This sign-in link is invalid or has expired."],
    });
    const byCode = await (
      await guest()
    ).post("/auth/passwordless/verify", { email: user.email, code });
    expect(byCode.body.errors).toEqual({
      code: ["This sign-in code is invalid or has expired."],
    });
  });

  it("expires after passwordless.expire minutes (10 by default)", async () => {
    const user = await app.createUser();
    app.setNow(new Date());
    const browser = await guest();
    const { token, code } = await ask(browser, user.email);
    app.advance(10 * 60 + 1);
    const late = await browser.post("/auth/passwordless/verify", { token });
    expect(late.status).toBe(422);
    const lateCode = await browser.post("/auth/passwordless/verify", {
      email: user.email,
      code,
    });
    expect(lateCode.status).toBe(422);
    expect(await signedInAs(browser)).toBeUndefined();
    const pruned = await pruneAuthTables(
      app.database.db,
      app.services.config,
      app.services.env.SESSION_LIFETIME,
      app.services.now(),
    );
    expect(pruned.passwordless_links).toBe(1);
  });

  it("locks the account's codes after five wrong ones, and ends the link", async () => {
    const user = await app.createUser();
    const browser = await guest();
    const { code } = await ask(browser, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await (
        await guest(`10.0.0.${attempt + 1}`)
      ).post("/auth/passwordless/verify", { email: user.email, code: wrong });
      expect(response.body.errors).toEqual({
        code: ["This sign-in code is invalid or has expired."],
      });
    }
    const locked = await browser.post("/auth/passwordless/verify", {
      email: user.email,
      code,
    });
    expect(locked.status).toBe(422);
    expect(locked.body.errors).toEqual({
      code: ["Too many wrong codes. Ask for a new sign-in link in 15 minutes."],
    });
    expect(await signedInAs(browser)).toBeUndefined();
    expect(
      await app.database.db
        .select()
        .from(passwordlessLinks)
        .where(eq(passwordlessLinks.userId, user.id)),
    ).toEqual([]);
  });

  it("still asks an account with a second factor for it, as a password sign-in does", async () => {
    const now = new Date();
    app.setNow(now);
    const user = await app.createUser();
    const { secret } = await enrol(app, user, now);
    const browser = await guest();
    const { token } = await ask(browser, user.email);
    const first = await browser.post("/auth/passwordless/verify", { token });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ two_factor: true });
    expect(await signedInAs(browser)).toBeUndefined();
    const second = await browser.post("/auth/two-factor-challenge", {
      code: totpCode(secret, app.services.now()),
    });
    expect(second.status, second.text).toBe(204);
    expect(await signedInAs(browser)).toBe(user.id);
  });

  it("throttles requests per client address and per address asked for", async () => {
    const user = await app.createUser();
    const one = await guest("10.1.0.1");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await one.post("/auth/passwordless", { email: `n${i}@example.com` }))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const perAddress: number[] = [];
    for (let i = 0; i < 4; i++)
      perAddress.push(
        (
          await (
            await guest(`10.2.0.${i + 1}`)
          ).post("/auth/passwordless", { email: user.email })
        ).status,
      );
    expect(perAddress).toEqual([200, 200, 200, 429]);
  });
});
