import { describe, expect, it } from "vitest";
import { useTestApp } from "../support/app";

const app = useTestApp();

describe("error shapes (contract §7)", () => {
  it("answers 422 with {message, errors}, the message counting the other errors", async () => {
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/register", {});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The name field is required. (and 2 more errors)",
      errors: {
        name: ["The name field is required."],
        email: ["The email field is required."],
        password: ["The password field is required."],
      },
    });
  });

  it("says '(and 1 more error)' for exactly two", async () => {
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/login", {});
    expect(response.body.message).toBe(
      "The email field is required. (and 1 more error)",
    );
  });

  it("answers a single error without a count", async () => {
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/forgot-password", {
      email: "not-an-email",
    });
    expect(response.body).toEqual({
      message: "The email field must be a valid email address.",
      errors: { email: ["The email field must be a valid email address."] },
    });
  });

  it("translates messages for Accept-Language: es (contract §1 rule 7) or keeps the English key", async () => {
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post(
      "/auth/login",
      {},
      { headers: { "accept-language": "es" } },
    );
    expect(response.status).toBe(422);
    expect(typeof response.body.message).toBe("string");
    expect(Object.keys(response.body.errors)).toEqual(["email", "password"]);
  });

  it("answers 401 with a message to a guarded route without session or token", async () => {
    const response = await app
      .agent()
      .post("/auth/tokens", {}, { bearer: "1|nope" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });
});
