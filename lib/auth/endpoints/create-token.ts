import "server-only";
import { z } from "zod";
import { writeInOneStatement } from "@/db/one-statement";
import { activityStatement } from "@/lib/audit/activity";
import { checkCredentials } from "@/lib/auth/passwords";
import { rehashIfNeeded } from "@/lib/auth/rehash";
import { defineEndpoint } from "@/lib/server/endpoint";
import { issueForTeam } from "@/lib/auth/team-token";
import { issueTokenWithSettings } from "@/lib/auth/token-settings";
import {
  abilitiesInput,
  checkQuotaFields,
  DAY_SECONDS,
  tokenSettingsFields,
} from "@/lib/auth/token-input";
import { BAD_CREDENTIALS } from "@/lib/auth/login";
import { invalid } from "@/lib/http/errors";
import { findUserByEmail } from "@/lib/users/users";
import { email, IGNORED_FIELDS } from "@/lib/validation/rules";
import { requireSecondFactor } from "@/lib/auth/two-factor/token-factor";
import { markPasswordConfirmed } from "@/lib/sessions/step-up";

const AFTER_NOW = "The :attribute field must be a date after now.";

// Date.parse rolls an impossible day over (2027-02-30 → 2 March); Laravel's `date` rule refuses it.
function isRealCalendarDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!parts) return true;
  const [year, month, day] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

// Years past 9999 are valid JavaScript dates, written as "+010000-…", which PostgreSQL refuses (a 500).
const LAST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const isStorable = (ms: number) => ms <= LAST_STORABLE_MS;

// A future date: ISO 8601 or anything Date.parse reads unambiguously (YYYY-MM-DD, with time).
const futureDate = (now: Date) =>
  z
    .string({ error: "The :attribute field must be a valid date." })
    .max(64)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(value)) &&
        isRealCalendarDate(value) &&
        isStorable(Date.parse(value)),
      {
        message: "The :attribute field must be a valid date.",
        abort: true,
      },
    )
    .transform((value) => new Date(Date.parse(value)))
    .refine((date) => date.getTime() > now.getTime(), { message: AFTER_NOW });

/**
 * `tokens.require-expiry` and `tokens.max-lifetime-days` (decision record 045): a token must
 * expire, and not later than the maximum lifetime from now.
 */
function checkLifetime(
  rules: { "require-expiry": boolean; "max-lifetime-days": number },
  now: Date,
  input: { expires_at?: Date | null; expiration_date?: Date | null },
  issues: z.RefinementCtx,
) {
  const expiresAt = input.expires_at ?? input.expiration_date ?? null;
  const field = input.expires_at ? "expires_at" : "expiration_date";
  const maxDays = rules["max-lifetime-days"];
  if (!expiresAt) {
    if (rules["require-expiry"] || maxDays > 0)
      issues.addIssue({
        code: "custom",
        path: ["expires_at"],
        message: "The :attribute field is required.",
      });
    return;
  }
  const latest = new Date(now.getTime() + maxDays * DAY_SECONDS * 1000);
  if (maxDays > 0 && expiresAt.getTime() > latest.getTime())
    issues.addIssue({
      code: "custom",
      path: [field],
      message: "The :attribute field must be a date before or equal to :date.",
      params: { date: latest.toISOString() },
    });
}

/**
 * A team's token lists its abilities, and never `*`, which `tokenCan` would answer for every team
 * (decision record 106).
 */
function checkTeamAbilities(
  input: { team_id?: number | null; abilities?: string[] | null },
  issues: z.RefinementCtx,
) {
  if (input.team_id == null) return;
  if (!input.abilities)
    issues.addIssue({
      code: "custom",
      path: ["abilities"],
      message: "The :attribute field is required when :other is present.",
      params: { other: "team_id" },
    });
  else if (input.abilities.includes("*"))
    issues.addIssue({
      code: "custom",
      path: ["abilities"],
      message: "A team's token lists its abilities: * is not one of them.",
    });
}

/**
 * docs/contract.md rule 4: issues a token for integrations; does not sign in. An account with a second
 * factor also needs `code` or `recovery_code`, except from its own signed-in session, which passed
 * the challenge (decision record 023); the password in the request is the step-up (045).
 */
export const createToken = defineEndpoint({
  input: (config, ctx) =>
    z
      .strictObject({
        email: email(),
        password: z.string().max(255),
        name: z.string().max(255),
        // Decision record 045: only abilities something can ask for; a typo is a 422 naming it.
        abilities: abilitiesInput(config).nullish(),
        // Decision record 106: a token made for one of the user's teams.
        team_id: z.int().min(1).max(Number.MAX_SAFE_INTEGER).nullish(),
        expires_at: futureDate(ctx.now).nullish(),
        expiration_date: futureDate(ctx.now).nullish(),
        ...tokenSettingsFields,
        // Decision record 023: the second factor of an account that has one.
        code: z.string().max(64).nullish(),
        recovery_code: z.string().max(64).nullish(),
        ...IGNORED_FIELDS,
      })
      .superRefine((input, issues) => {
        checkQuotaFields(input, issues);
        checkLifetime(config.tokens, ctx.now, input, issues);
        checkTeamAbilities(input, issues);
      }),
  async run(ctx, input) {
    const user = await findUserByEmail(ctx.db, input.email);
    if (!(await checkCredentials(ctx, user, input.password)) || !user)
      throw invalid("email", BAD_CREDENTIALS);
    await requireSecondFactor(ctx, user, input);
    const { plainTextToken, token } = await issueForTeam(
      ctx,
      user.id,
      input.team_id,
      // Only a missing list is `*` (contract §2 Token); `[]` is a token that may only read
      // (decision record 011, amendment 2026-12-02).
      input.abilities ?? ["*"],
      (db, abilities) =>
        issueTokenWithSettings(
          db,
          ctx.config["user-class"],
          user,
          {
            name: input.name,
            abilities,
            expiresAt: input.expires_at ?? input.expiration_date ?? null,
            prefix: ctx.config.tokens.prefix,
            settings: {
              idleExpiresIn: input.idle_expires_in ?? null,
              rateLimit: input.rate_limit ?? null,
              quota: input.quota ?? null,
              quotaRefill: input.quota_refill ?? null,
              quotaInterval: input.quota_interval ?? null,
              allowedIps: input.allowed_ips ?? null,
            },
          },
          ctx.now,
        ),
    );
    // create-token checks a password too: an outdated hash is rehashed along with the audit entry.
    const rehash = await rehashIfNeeded(
      ctx.db,
      user,
      input.password,
      ctx.config.hashing.rounds,
    );
    const audit = activityStatement(
      ctx.db,
      {
        event: "token-created",
        subjectId: user.id,
        ip: ctx.ip,
        properties: { token_id: token.id, name: token.name },
      },
      ctx.now,
    );
    await writeInOneStatement(ctx.db, audit, rehash?.statements);
    // From the account's own signed-in browser the password just checked is a step-up as
    // confirm-password's is: the session's confirmation window starts now, so rolling the new
    // token next is not asked for the password again (decision record 090).
    if ((await ctx.session.user())?.id === user.id)
      await markPasswordConfirmed(ctx, user);
    // The owner is told of the new token (its class, decision record 028): the caller may have no session.
    ctx.credentialChange = { user, name: token.name };
    return { token: plainTextToken };
  },
});
