import { describe, expect, it } from "vitest";
import { settings } from "@/db/schema";
import { UPDATE_SETTING } from "@/lib/settings/routes";
import { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { stepUpIfSignedIn } from "../support/two-factor";

// Decision record 091: a refused setting is named as the settings page labels it, in the reader's
// language, with its bound in the unit a person reads; never the schema's path and wording.
const app = useTestApp({ auth: { admins: ["admin@example.test"] } });

const signInAdmin = async () =>
  signIn(app, await app.createUser({ email: "admin@example.test" }));

const put = async (
  agent: Agent,
  key: string,
  value: unknown,
  language = "en",
) => {
  await stepUpIfSignedIn(agent);
  return agent.put(
    "/api/admin/settings",
    { key, value },
    { host: UPDATE_SETTING, headers: { "accept-language": language } },
  );
};

describe("the settings API's refusals", () => {
  it.each([
    ["password.length", 129, "en", "Minimum length must be at most 128."],
    ["password.length", 0, "es", "Longitud mínima debe ser como mínimo 1."],
    [
      "limits.login-decay-seconds",
      90_000,
      "en",
      "Lockout duration must be at most 1 day.",
    ],
    [
      "limits.impersonation-token-ttl",
      7200,
      "es",
      "Vigencia del enlace para actuar como usuario debe ser como máximo 1 hora.",
    ],
    [
      "allow-registration",
      "yes",
      "en",
      "Allow registration must be on or off.",
    ],
    [
      "two-factor.required",
      "some",
      "en",
      "Who must use two-factor authentication must be one of: none, admins, everyone.",
    ],
    [
      "limiters.login",
      [{ by: "ip", max: 20, minutes: 2000 }],
      "en",
      "Requests limiter login, rule 1, minutes must be at most 1 day.",
    ],
    [
      "limiters.login",
      [],
      "es",
      "Limitador de solicitudes login necesita al menos una entrada.",
    ],
  ])("%s = %j (%s): %s", async (key, value, language, message) => {
    const admin = await signInAdmin();
    const response = await put(admin, key, value, language);
    expect(response.status).toBe(422);
    expect(response.body.errors.value).toEqual([message]);
    expect(JSON.stringify(response.body)).not.toMatch(
      /Too big|Too small|expected/,
    );
    expect(await app.database.db.select().from(settings)).toHaveLength(0);
  });

  it("takes a limiter's rules and the second factor's requirement, the settings declared since record 091", async () => {
    const admin = await signInAdmin();
    const rules = [
      { by: "ip", max: 30, minutes: 2 },
      { by: "ip", max: 500, minutes: 1440 },
    ];
    expect((await put(admin, "limiters.login", rules)).status).toBe(200);
    expect(app.services.config.limiters.login).toEqual(rules);
    expect((await put(admin, "two-factor.required", "admins")).status).toBe(
      200,
    );
    expect(app.services.config["two-factor"].required).toBe("admins");
  });
});
