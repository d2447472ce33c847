import "server-only";
import { passkeyMethods } from "@/lib/auth/authentication-methods";
import { z } from "zod";
import { defineEndpoint } from "@/lib/server/endpoint";
import { completeSignIn } from "@/lib/auth/two-factor/sign-in";
import { presentUser } from "@/lib/users/users";
import { booleanish, IGNORED_FIELDS } from "@/lib/validation/rules";
import { authenticationCredentialSchema } from "@/lib/passkeys/credential-input";
import {
  verificationOptions,
  verifyPasskey,
} from "@/lib/passkeys/verification";

/** `GET passkeys/login/options`: request options for a discoverable credential (browser autofill too). */
export const passkeyLoginOptions = defineEndpoint({
  async run(ctx) {
    return { options: await verificationOptions(ctx, "login", null) };
  },
});

/**
 * `POST passkeys/login`: signs the passkey's owner in, on a new session, as login does. A passkey
 * is both factors: no second-factor challenge follows (decision record 026). `redirect` is for
 * the `@laravel/passkeys` client, which goes there.
 */
export const passkeyLogin = defineEndpoint({
  input: () =>
    z.strictObject({
      credential: authenticationCredentialSchema,
      remember: booleanish().nullish(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const { owner, passkey } = await verifyPasskey(
      ctx,
      "login",
      input.credential,
      null,
    );
    await completeSignIn(ctx, owner, {
      remember: input.remember === true,
      method: "passkey",
      amr: passkeyMethods(passkey.credential),
      properties: { passkey_id: passkey.id },
    });
    return {
      success: true,
      user: presentUser(owner),
      redirect: ctx.config.routes.redirects["passkey-login"],
    };
  },
});
