import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oauthClients } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { useTestApp } from "../support/app";
import { scrape } from "../support/metrics-text";
import { clientCredentials, machineClient } from "./support";

// Decision record 099: bcrypt checks a client's secret once per process; the stored hash, read on
// every request, decides whether what was verified still stands.
const app = useTestApp();

/** bcrypt checks this process has run so far, of every cost (auth_password_checks_total). */
async function bcryptChecks(): Promise<number> {
  const text = await (await scrape(app.services)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("auth_password_checks_total{"))
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

/** The token call's answer and the bcrypt checks it cost. */
async function tokenCall(id: string, secret: string) {
  const before = await bcryptChecks();
  const answer = await clientCredentials(app, id, secret);
  return { answer, bcrypt: (await bcryptChecks()) - before };
}

describe("a client's secret, verified once", () => {
  it("costs bcrypt on the first token call only; a wrong secret always costs it", async () => {
    const { id, secret } = await machineClient(app);
    expect(await tokenCall(id, secret)).toEqual({ answer: "token", bcrypt: 1 });
    expect(await tokenCall(id, secret)).toEqual({ answer: "token", bcrypt: 0 });
    expect(await tokenCall(id, "x".repeat(40))).toEqual({
      answer: "invalid_client",
      bcrypt: 1,
    });
    expect(await tokenCall(id, secret)).toEqual({ answer: "token", bcrypt: 0 });
  });

  it("stops at a secret changed elsewhere (another instance's rotation), at revocation and at deletion", async () => {
    const { id, secret } = await machineClient(app);
    expect((await tokenCall(id, secret)).answer).toBe("token");

    // Another instance rotates: only the row changes, never this process's memory.
    await app.database.db
      .update(oauthClients)
      .set({
        secret: await hashPassword(
          "another-secret-of-forty-characters-xxxx",
          4,
        ),
      })
      .where(eq(oauthClients.id, id));
    expect(await tokenCall(id, secret)).toEqual({
      answer: "invalid_client",
      bcrypt: 1,
    });
    expect(
      (await tokenCall(id, "another-secret-of-forty-characters-xxxx")).answer,
    ).toBe("token");

    await app.database.db
      .update(oauthClients)
      .set({ revoked: true })
      .where(eq(oauthClients.id, id));
    expect(
      (await tokenCall(id, "another-secret-of-forty-characters-xxxx")).answer,
    ).toBe("invalid_client");

    await app.database.db.delete(oauthClients).where(eq(oauthClients.id, id));
    expect(
      (await tokenCall(id, "another-secret-of-forty-characters-xxxx")).answer,
    ).toBe("invalid_client");
  });
});
