import type { APIResponse } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { postJson, type TestUser } from "./users";

const JSON_ACCEPT = { headers: { Accept: "application/json" } };

/**
 * The code an authenticator app shows for `secretKey` (RFC 6238: SHA-1, 6 digits, 30 s), at
 * `offsetSeconds` from now. A code's time step is refused once used, so a later use takes the
 * next step (+30: the server accepts one step of drift).
 */
export function totpCode(secretKey: string, offsetSeconds = 0): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(secretKey.replace(/\s+/g, "")),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: Date.now() + offsetSeconds * 1000 });
}

async function ok(what: string, response: APIResponse): Promise<APIResponse> {
  if (!response.ok())
    throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response;
}

/** Sets up a second factor for `user` through the API, as the profile screen does: step-up, enable, key, confirm. */
export async function enrolThroughApi(
  user: TestUser,
): Promise<{ secretKey: string; recoveryCodes: string[] }> {
  const api = user.api;
  await ok(
    "confirm-password",
    await postJson(api, "/auth/user/confirm-password", {
      password: user.password,
    }),
  );
  await ok(
    "enable",
    await postJson(api, "/auth/user/two-factor-authentication", {}),
  );
  const { secretKey } = (await (
    await ok(
      "secret key",
      await api.get("/auth/user/two-factor-secret-key", JSON_ACCEPT),
    )
  ).json()) as { secretKey: string };
  await ok(
    "confirm",
    await postJson(api, "/auth/user/confirmed-two-factor-authentication", {
      code: totpCode(secretKey),
    }),
  );
  const recoveryCodes = (await (
    await ok(
      "recovery codes",
      await api.get("/auth/user/two-factor-recovery-codes", JSON_ACCEPT),
    )
  ).json()) as string[];
  return { secretKey, recoveryCodes };
}
