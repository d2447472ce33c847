import "server-only";
import { z } from "zod";
import type { AuthConfig } from "@/lib/config/auth";
import type { Context } from "@/lib/server/context";
import { defineEndpoint } from "@/lib/server/endpoint";
import type { User } from "@/db/schema";
import { assertAdministratorsKept } from "@/lib/settings/administrators";
import {
  describeAuthConfig,
  describeEnvironment,
  describeProviders,
} from "@/lib/settings/describe";
import { requirePasswordConfirmation } from "@/lib/sessions/step-up";
import {
  changeSetting,
  reloadSettings,
  revertSetting,
  SETTINGS_REFRESH_MS,
} from "@/lib/settings/store";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

function listing(ctx: Context) {
  return {
    settings: describeAuthConfig(ctx.services, ctx.services.startupConfig),
    environment: describeEnvironment(ctx.services),
    providers: describeProviders(ctx.services),
    refresh_seconds: SETTINGS_REFRESH_MS / 1000,
  };
}

const change = (ctx: Context, actor: User) => ({
  db: ctx.db,
  env: ctx.env,
  current: {
    overrides: ctx.services.settingsOverrides,
    config: ctx.services.config,
  },
  actorId: actor.id,
  ip: ctx.ip,
  now: ctx.now,
  allows: (before: AuthConfig, after: AuthConfig) =>
    assertAdministratorsKept(actor, before, after),
  t: ctx.t,
});

export const showSettings = defineEndpoint({
  async run(ctx) {
    return listing(ctx);
  },
});

/**
 * PUT {key, value}: validated with the start-up schema, stored, audited, then read back from the
 * table: in force here from the answer on, and on every instance within SETTINGS_REFRESH_MS
 * (decision record 118). A change needs a recent step-up, asked once the caller is known to be an
 * administrator (decision record 024), as is a revert.
 */
export const updateSetting = defineEndpoint({
  input: () =>
    z.strictObject({
      key: z.string().max(255),
      value: z.unknown(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const admin = ctx.requireUser();
    await requirePasswordConfirmation(ctx);
    await changeSetting(change(ctx, admin), input.key, input.value ?? null);
    await reloadSettings(ctx.services);
    ctx.config = ctx.services.config;
    return { success: true, ...listing(ctx) };
  },
});

/** DELETE /api/admin/settings/{key}: back to the start-up value. */
export const revertSettingEndpoint = defineEndpoint({
  async run(ctx) {
    const admin = ctx.requireUser();
    await requirePasswordConfirmation(ctx);
    await revertSetting(change(ctx, admin), ctx.params.key ?? "");
    await reloadSettings(ctx.services);
    ctx.config = ctx.services.config;
    return { success: true, ...listing(ctx) };
  },
});
