import { describe, expect, it } from "vitest";
import { PASSWORD, useTestApp } from "../support/app";
import { captureLogs } from "../support/logs";
import { linkIn } from "../support/session";

const app = useTestApp();

describe("request logs", () => {
  it("writes one JSON line per request, with its id, route, status, duration, user and address; and no secret of a whole flow", async () => {
    const logs = captureLogs("trace");
    const email = "log.flow-person@example.com";
    const secrets: string[] = [PASSWORD, email];
    const agent = app.agent("198.51.100.7");
    await agent.csrf();
    const registered = await agent.post("/auth/register", {
      name: "Flow",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.status).toBe(200);
    const userId = registered.body.user.id as number;
    const verify = linkIn((await app.lastMailTo(email)).text);
    secrets.push(
      verify.searchParams.get("signature") ?? "missing",
      verify.pathname.split("/").at(-1) ?? "missing",
    );
    expect((await agent.get(`${verify.pathname}${verify.search}`)).status).toBe(
      200,
    );
    await agent.post("/auth/logout");
    expect(
      (await agent.post("/auth/login", { email, password: "a-wrong-password" }))
        .status,
    ).toBe(422);
    secrets.push("a-wrong-password");
    expect(
      (await agent.post("/auth/login", { email, password: PASSWORD })).status,
    ).toBe(200);
    secrets.push(
      agent.cookies.get(app.services.env.SESSION_COOKIE) ?? "missing",
      agent.cookies.get("XSRF-TOKEN") ?? "missing",
    );

    // A token made from a session asks for the step-up first (decision record 024).
    expect(
      (await agent.post("/auth/user/confirm-password", { password: PASSWORD }))
        .status,
    ).toBe(201);
    const created = await agent.post("/auth/create-token", {
      email,
      password: PASSWORD,
      name: "ci",
    });
    const token = created.body.token as string;
    secrets.push(token, token.split("|")[1] ?? "missing");
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body
        .authenticated,
    ).toBe(true);

    await agent.post("/auth/logout");
    await agent.post("/auth/forgot-password", { email });
    const [resetToken = ""] = linkIn((await app.lastMailTo(email)).text)
      .pathname.split("/")
      .slice(-2);
    secrets.push(decodeURIComponent(resetToken));
    const newPassword = "new-secret-password-42";
    secrets.push(newPassword);
    const reset = await agent.post("/auth/reset-password", {
      token: decodeURIComponent(resetToken),
      email,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.status).toBe(200);
    const last = await agent.post("/auth/login", {
      email,
      password: newPassword,
    });
    expect(last.status).toBe(200);
    logs.restore();

    const text = logs.text();
    for (const secret of secrets)
      expect(text, secret.slice(0, 6)).not.toContain(secret);
    expect(text).not.toContain("log.flow-person");

    const requests = logs.lines().filter((line) => line.msg === "request");
    // One line per API request of the flow: register, verify, logout, two logins, create-token,
    // get-auth, logout, forgot-password, reset-password, login.
    expect(requests).toHaveLength(12);
    const login = requests
      .filter((line) => line.route === "auth.login" && line.status === 200)
      .at(-1);
    expect(login).toMatchObject({
      level: "info",
      method: "POST",
      ip: "198.51.100.7",
      requestId: last.headers.get("x-request-id"),
    });
    expect(typeof login?.durationMs).toBe("number");
    expect(new Date(String(login?.time)).getTime()).toBeGreaterThan(0);
    const bearer = requests.find(
      (line) => line.route === "auth.get.auth" && line.userId === userId,
    );
    expect(bearer).toBeDefined();
    // The user the guard identified: none yet on register.
    expect(
      requests.find((line) => line.route === "auth.register")?.userId,
    ).toBeNull();
    expect(
      requests.find((line) => line.route === "auth.verification.verify")
        ?.userId,
    ).toBe(userId);
    // Never the path: the verification link's holds its signature.
    expect(
      requests.every((line) => !("path" in line) && !("url" in line)),
    ).toBe(true);
  });

  it("logs an error during a request with the request's id, which the answer carries as X-Request-Id", async () => {
    const logs = captureLogs("warn");
    // A listener that throws is logged and does not undo the request (contract §6); it is logged under the request's id.
    const { listen } = await import("@/lib/server/events");
    const stop = listen("Registered", () => {
      throw new Error("listener exploded");
    });
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/register", {
      name: "E",
      email: "err@example.com",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    stop();
    logs.restore();
    expect(response.status).toBe(200);
    const failure = logs
      .lines()
      .find((line) => line.msg === "events: a listener failed");
    expect(failure?.requestId).toBe(response.headers.get("x-request-id"));
    expect(logs.text()).not.toContain("err@example.com");
  });
});
