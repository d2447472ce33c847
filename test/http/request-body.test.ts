import { describe, expect, it } from "vitest";
import { PASSWORD, useTestApp } from "../support/app";

const app = useTestApp();

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

const raw = (body: BodyInit, contentType: string) => ({
  body,
  headers: { "content-type": contentType },
});

describe("malformed input: a clear 4xx, never a 500", () => {
  it("answers 400 to malformed JSON", async () => {
    const response = await (
      await guest()
    ).request("POST", "/auth/login", raw('{"email": ', "application/json"));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: "The request body is not valid JSON.",
    });
  });

  it("answers 400 to a JSON array body", async () => {
    const response = await (
      await guest()
    ).request("POST", "/auth/login", raw("[1,2]", "application/json"));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: "The request body must be a JSON object.",
    });
  });

  it("answers 415 to a content type it does not read", async () => {
    const response = await (
      await guest()
    ).request("POST", "/auth/login", raw("email=a", "text/plain"));
    expect(response.status).toBe(415);
  });

  it("answers 413 to a body over 1 MiB", async () => {
    const big = JSON.stringify({
      email: "a@example.com",
      password: "x".repeat(1024 * 1024),
    });
    const response = await (
      await guest()
    ).request("POST", "/auth/login", raw(big, "application/json"));
    expect(response.status).toBe(413);
  });

  it("answers 400 to a body that is not UTF-8", async () => {
    const bytes = new Uint8Array([
      0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d,
    ]); // {"e":"\xff\xfe"}
    const response = await (
      await guest()
    ).request("POST", "/auth/login", raw(bytes, "application/json"));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: "The request body is not valid UTF-8.",
    });
  });

  it("answers 422 to fields of the wrong type", async () => {
    const response = await (
      await guest()
    ).post("/auth/login", {
      email: ["a@example.com"],
      password: 12345678,
      remember: "maybe",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ["The email field must be a string."],
      password: ["The password field must be a string."],
      remember: ["The remember field must be true or false."],
    });
  });

  it("answers 422 'prohibited' to a field the action does not take", async () => {
    const user = await app.createUser();
    const response = await (
      await guest()
    ).post("/auth/login", {
      email: user.email,
      password: PASSWORD,
      is_admin: true,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      is_admin: ["The is admin field is prohibited."],
    });
  });

  it("treats a __proto__ key as an unknown field: no prototype, no smuggled values", async () => {
    const user = await app.createUser();
    const body = `{"__proto__": {"email": "${user.email}", "password": "${PASSWORD}"}}`;
    const response = await (
      await guest()
    ).request("POST", "/auth/login", raw(body, "application/json"));
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual([
      "__proto__",
      "email",
      "password",
    ]);
    expect(response.body.errors.email).toEqual([
      "The email field is required.",
    ]);
    expect(response.body.errors["__proto__"]).toEqual([
      expect.stringMatching(/proto\s+field is prohibited\.$/),
    ]);
    expect(({} as Record<string, unknown>).email).toBeUndefined();
  });

  it("treats a __proto__ form field the same way", async () => {
    const user = await app.createUser();
    const agent = await guest();
    const response = await agent.request("POST", "/auth/login", {
      form: { email: user.email, password: PASSWORD, "__proto__[]": "x" },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(["__proto__"]);
  });

  it("answers 400 to JSON nested too deeply to store (was a 500: stack overflow)", async () => {
    const nested = "[".repeat(5000) + "]".repeat(5000);
    const body = `{"name":"n","email":"deep@example.com","password":"${PASSWORD}","password_confirmation":"${PASSWORD}","payload":{"a":${nested}}}`;
    const response = await (
      await guest()
    ).request("POST", "/auth/register", raw(body, "application/json"));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: "The request body is nested too deeply.",
    });
  });

  it("answers 400 to a NUL character, which the database cannot store (was a 500)", async () => {
    const json = await (
      await guest()
    ).post("/auth/register", {
      name: "a\u0000b",
      email: "nul@example.com",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({
      message: "The request body contains a NUL character.",
    });
    const form = await (
      await guest()
    ).request(
      "POST",
      "/auth/login",
      raw(
        "email=a%00%40example.com&password=x",
        "application/x-www-form-urlencoded",
      ),
    );
    expect(form.status).toBe(400);
  });

  it("reads form bodies and multipart bodies like JSON", async () => {
    const user = await app.createUser();
    const form = await guest();
    expect(
      (
        await form.request("POST", "/auth/login", {
          form: { email: user.email, password: PASSWORD, remember: "on" },
        })
      ).status,
    ).toBe(200);
    const multipart = await guest();
    const data = new FormData();
    data.set("email", user.email);
    data.set("password", PASSWORD);
    expect(
      (await multipart.request("POST", "/auth/login", { body: data })).status,
    ).toBe(200);
  });
});
