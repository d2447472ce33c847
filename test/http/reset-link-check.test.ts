import { describe, expect, it } from "vitest";
import { RESET_LINK_CHECK_ROUTE } from "@/lib/auth/routes";
import { useTestApp } from "../support/app";
import { requestResetLink } from "../support/reset-links";

// Decision record 090: the reset screen asks whether its link works before showing the form.
const app = useTestApp();
const NEW = "a-brand-new-password";

async function guest() {
  const agent = app.agent();
  await agent.csrf();
  return agent;
}

const check = async (fields: { token: string; email: string }) =>
  (await guest()).post("/api/auth/reset-link", fields, {
    host: RESET_LINK_CHECK_ROUTE,
  });

describe("POST /api/auth/reset-link", () => {
  it("says a fresh link works without consuming it; once used, or past passwords.expire, it does not", async () => {
    app.setNow(new Date("2026-12-02T10:00:00Z"));
    const user = await app.createUser();
    const link = await requestResetLink(app, user.email);
    expect((await check(link)).body).toEqual({ valid: true });
    expect((await check(link)).body).toEqual({ valid: true });
    const reset = await (
      await guest()
    ).post("/auth/reset-password", {
      ...link,
      password: NEW,
      password_confirmation: NEW,
    });
    expect(reset.status).toBe(200);
    expect((await check(link)).body).toEqual({ valid: false });

    app.advance(120);
    const later = await requestResetLink(app, user.email);
    app.advance(app.services.config.passwords.expire * 60 + 1);
    expect((await check(later)).body).toEqual({ valid: false });
  });

  it("answers an unknown address as it answers a wrong token, and a malformed one with 422", async () => {
    const user = await app.createUser();
    const link = await requestResetLink(app, user.email);
    const wrong = await check({ ...link, token: "0".repeat(64) });
    const unknown = await check({ ...link, email: "nobody@example.com" });
    expect([wrong.status, wrong.body]).toEqual([200, { valid: false }]);
    expect([unknown.status, unknown.body]).toEqual([200, { valid: false }]);
    expect((await check({ ...link, email: "not-an-address" })).status).toBe(
      422,
    );
  });
});
