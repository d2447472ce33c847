import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { personalAccessTokens } from "@/db/schema";
import { signIn, useTestApp } from "../support/app";
import { createToken, tokenId } from "../support/tokens";

const app = useTestApp();

async function exists(plain: string) {
  return (
    (
      await app.database.db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.id, tokenId(plain)))
    ).length === 1
  );
}

describe("POST /auth/revoke-token (contract §4, §9: {revoked} says whether anything was revoked)", () => {
  it("revokes one of the caller's own tokens: {revoked: true}, and the token stops working", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    const keep = await createToken(app, user.email);
    const response = await (
      await signIn(app, user)
    ).post("/auth/revoke-token", { token_id: tokenId(token) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ revoked: true });
    expect(await exists(token)).toBe(false);
    expect(await exists(keep)).toBe(true);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
    ).toBe(401);
  });

  it("answers {revoked: false} for another user's token and leaves the row intact", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const theirs = await createToken(app, other.email);
    const response = await (
      await signIn(app, user)
    ).post("/auth/revoke-token", { token_id: tokenId(theirs) });
    expect(response.body).toEqual({ revoked: false });
    expect(await exists(theirs)).toBe(true);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: theirs })).status,
    ).toBe(200);
  });

  it("answers {revoked: false} for an id that does not exist; accepts a numeric string", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    const agent = await signIn(app, user);
    expect(
      (await agent.post("/auth/revoke-token", { token_id: 424242 })).body,
    ).toEqual({ revoked: false });
    expect(
      (
        await agent.post("/auth/revoke-token", {
          token_id: String(tokenId(token)),
        })
      ).body,
    ).toEqual({ revoked: true });
  });

  it("works with a bearer token revoking itself", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    expect(
      (
        await app
          .agent()
          .post(
            "/auth/revoke-token",
            { token_id: tokenId(token) },
            { bearer: token },
          )
      ).body,
    ).toEqual({ revoked: true });
  });

  it("answers 422 without a numeric token_id", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    expect((await agent.post("/auth/revoke-token", {})).body.errors).toEqual({
      token_id: ["The token id field is required."],
    });
    expect(
      (await agent.post("/auth/revoke-token", { token_id: "abc" })).body.errors,
    ).toEqual({ token_id: ["The token id field must be a number."] });
  });

  it("answers 401 without a session or token", async () => {
    const agent = app.agent();
    await agent.csrf();
    expect(
      (await agent.post("/auth/revoke-token", { token_id: 1 })).status,
    ).toBe(401);
  });
});
