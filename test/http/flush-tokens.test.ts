import { describe, expect, it } from "vitest";
import { personalAccessTokens } from "@/db/schema";
import { signIn, useTestApp } from "../support/app";
import { flashed } from "../support/session";
import { createToken, tokenId } from "../support/tokens";

const app = useTestApp();
const FLUSHED = "All tokens have been revoked.";

describe("POST /auth/flush-tokens (contract §4)", () => {
  it("revokes every token of the caller and none of anyone else's: {success, message}", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const mine = [
      await createToken(app, user.email),
      await createToken(app, user.email),
    ];
    const theirs = await createToken(app, other.email);
    const response = await (await signIn(app, user)).post("/auth/flush-tokens");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: FLUSHED });
    const left = await app.database.db.select().from(personalAccessTokens);
    expect(left.map((row) => row.id)).toEqual([tokenId(theirs)]);
    for (const token of mine)
      expect(
        (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
      ).toBe(401);
  });

  it("goes back with the message flashed when the request is not JSON (contract §1)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const response = await agent.post(
      "/auth/flush-tokens",
      {},
      { asJson: false, headers: { referer: "http://localhost:3000/tokens" } },
    );
    expect([response.status, response.headers.get("location")]).toEqual([
      302,
      "/tokens",
    ]);
    expect(await flashed(app, agent, "status")).toBe(FLUSHED);
  });

  it("answers 401 without a session or token", async () => {
    const agent = app.agent();
    await agent.csrf();
    expect((await agent.post("/auth/flush-tokens")).status).toBe(401);
  });
});
