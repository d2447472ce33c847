import "server-only";
import { createHash } from "node:crypto";
import type { Context } from "@/lib/server/context";
import type { Message } from "@/lib/http/errors";
import { log } from "@/lib/observability/request-scope";
import { UNCOMPROMISED_MESSAGE } from "@/lib/validation/common-passwords";
import { newPassword } from "@/lib/validation/rules";

type RangeApi = { url: string; "timeout-ms": number };

/**
 * How often the Pwned Passwords range API has seen the password, by k-anonymity: only the first
 * five hex characters of its SHA-1 leave the server, and `Add-Padding` hides the answer's size
 * (padding rows count 0). null when the service did not answer in time or answered an error.
 */
export async function breachCount(
  password: string,
  api: RangeApi,
): Promise<number | null> {
  const hash = createHash("sha1").update(password).digest("hex").toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  try {
    const response = await fetch(
      `${api.url.replace(/\/+$/, "")}/range/${prefix}`,
      {
        headers: { "Add-Padding": "true" },
        signal: AbortSignal.timeout(api["timeout-ms"]),
      },
    );
    if (!response.ok) return null;
    for (const line of (await response.text()).split("\n")) {
      const [candidate, count] = line.trim().split(":");
      if (candidate === suffix) return Number(count) || 0;
    }
    return 0;
  } catch {
    return null;
  }
}

/**
 * The online half of Laravel's `Password::uncompromised()`, as a data rule beside the schema's
 * (decision record 089): asked only when `password.uncompromised` is on and the password passed
 * every other rule (the offline list included). An unreachable service accepts the password and
 * logs a warning, as Laravel's NotPwnedVerifier does: sign-ups must not stop with a third party.
 */
export async function uncompromisedRule(
  ctx: Context,
  input: Record<string, unknown>,
): Promise<Record<string, Message[]>> {
  if (!ctx.config.password.uncompromised) return {};
  const password = newPassword(ctx.config.password).safeParse(input.password);
  if (!password.success) return {};
  const count = await breachCount(password.data, ctx.config["pwned-passwords"]);
  if (count === null) {
    log().warn(
      { service: ctx.config["pwned-passwords"].url },
      "pwned passwords unreachable: password accepted unchecked",
    );
    return {};
  }
  return count > 0 ? { password: [{ key: UNCOMPROMISED_MESSAGE }] } : {};
}
