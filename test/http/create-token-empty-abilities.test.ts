import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens } from "@/db/schema";
import { PASSWORD, useTestApp } from "../support/app";

// Decision record 011, amendment 2026-12-02: an empty list of abilities is taken at its word, a
// token that may only read; only a missing list means `["*"]` (contract §2 Token).
const app = useTestApp();

async function createToken(fields: Record<string, unknown>) {
  const user = await app.createUser();
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/create-token", {
    email: user.email,
    password: PASSWORD,
    name: "ci",
    ...fields,
  });
  expect(response.status).toBe(200);
  const token = response.body.token as string;
  const [row] = await app.database.db
    .select({ abilities: personalAccessTokens.abilities })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.id, Number(token.split("|")[0])));
  return { token, abilities: row?.abilities };
}

const flushWith = (token: string) =>
  app.agent().post("/auth/flush-tokens", {}, { bearer: token });

describe("create-token with an empty list of abilities", () => {
  it("makes a token with no ability, never all: it reads, and a write is 403", async () => {
    const { token, abilities } = await createToken({ abilities: [] });
    expect(abilities).toBe("[]");
    const read = await app.agent().post("/auth/tokens", {}, { bearer: token });
    expect(read.status).toBe(200);
    const write = await flushWith(token);
    expect(write.status).toBe(403);
    expect(write.body.message).toBe("Invalid ability provided.");
  });

  it("keeps the contract's default for a missing list: every ability", async () => {
    const { token, abilities } = await createToken({});
    expect(abilities).toBe('["*"]');
    expect((await flushWith(token)).status).toBe(200);
  });
});
