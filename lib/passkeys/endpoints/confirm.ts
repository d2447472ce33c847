import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/server/endpoint";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { authenticationCredentialSchema } from "@/lib/passkeys/credential-input";
import {
  verificationOptions,
  verifyPasskey,
} from "@/lib/passkeys/verification";
import { markPasswordConfirmed } from "@/lib/sessions/step-up";

/** `GET passkeys/confirm/options`: request options limited to the caller's passkeys. */
export const passkeyConfirmOptions = defineEndpoint({
  async run(ctx) {
    return {
      options: await verificationOptions(ctx, "confirm", ctx.requireUser()),
    };
  },
});

/**
 * `POST passkeys/confirm`: step-up by one of the caller's passkeys, the same as
 * `user/confirm-password`. Answers laravel/passkeys-server's PasskeyConfirmationResponse,
 * `{redirect}`: where to go on, here the action's configured redirect (the app has no "intended" URL).
 */
export const passkeyConfirm = defineEndpoint({
  input: () =>
    z.strictObject({
      credential: authenticationCredentialSchema,
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    await verifyPasskey(ctx, "confirm", input.credential, ctx.requireUser());
    await markPasswordConfirmed(ctx);
    const target = ctx.route
      ? ctx.config.routes.redirects[ctx.route.action]
      : "/";
    return { redirect: new URL(target, ctx.env.APP_URL).toString() };
  },
});
