import "server-only";
import { z } from "zod";
import type { Passkey } from "@/db/schema";
import { passkeyMethods } from "@/lib/auth/authentication-methods";
import { unusablePasswordHash } from "@/lib/auth/passwords";
import {
  emailTakenRule,
  openAccount,
  refuseClosedRegistration,
} from "@/lib/auth/registration";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { presentUser } from "@/lib/users/users";
import { email } from "@/lib/validation/rules";
import { authenticatorName } from "@/lib/passkeys/aaguids";
import { registrationCredentialSchema } from "@/lib/passkeys/credential-input";
import {
  announcePasskey,
  creationOptions,
  verifyAttestation,
} from "@/lib/passkeys/registration";
import {
  checkSignupChallenge,
  signupChallenge,
  signupHandle,
} from "@/lib/passkeys/signup";
import { insertPasskey } from "@/lib/passkeys/store";

// register's rules for who is registering (lib/auth/endpoints/register.ts), and its answers to a
// closed registration (403) and a taken address (422 on `email`): decision record 107.
const who = {
  refuse: refuseClosedRegistration,
  rules: () => ({ name: z.string().trim().min(1).max(255), email: email() }),
  dataRules: (
    ctx: Parameters<typeof emailTakenRule>[0],
    input: Record<string, unknown>,
  ) => emailTakenRule(ctx, input.email),
};

/** `POST register/passkey/options`: creation options for a new account, bound to its address. */
export const registerPasskeyOptions = endpointOf(
  AUTH_ACTIONS["register-passkey-options"],
  {
    ...who,
    async run(ctx, input) {
      const secret = ctx.env.SESSION_SECRET;
      const challenge = signupChallenge(secret, input.email);
      const options = await creationOptions(
        ctx,
        {
          email: input.email,
          name: input.name,
          handle: signupHandle(
            secret,
            Buffer.from(challenge).toString("base64url"),
          ),
          exclude: [],
          challenge,
        },
        { purpose: "signup", userId: null, soleWayIn: true },
      );
      return { options };
    },
  },
);

/**
 * `POST register/passkey`: verifies the attestation against this session's challenge for this
 * address, then creates the account with a password nobody knows and the passkey bound to it in
 * one transaction, and signs it in as register does (decision record 107).
 */
export const registerPasskey = endpointOf(AUTH_ACTIONS["register-passkey"], {
  ...who,
  rules: () => ({ ...who.rules(), credential: registrationCredentialSchema }),
  async run(ctx, input) {
    const secret = ctx.env.SESSION_SECRET;
    const { credentialId, stored } = await verifyAttestation(
      ctx,
      input.credential,
      {
        purpose: "signup",
        userId: null,
        soleWayIn: true,
        handle: (challenge) => signupHandle(secret, challenge),
        challengeCheck: (challenge) =>
          checkSignupChallenge(secret, challenge, input.email),
      },
    );
    let passkey: Passkey | undefined;
    const user = await openAccount(
      ctx,
      {
        name: input.name,
        email: input.email,
        password: await unusablePasswordHash(ctx.config.hashing.rounds),
        payload: null,
      },
      { remember: input.remember === true, amr: passkeyMethods(stored) },
      async (tx, created) => {
        passkey = await insertPasskey(tx, {
          userId: created.id,
          name: authenticatorName(stored.aaguid) ?? "Passkey",
          credentialId,
          credential: stored,
          now: ctx.now,
        });
      },
    );
    if (passkey) await announcePasskey(ctx, user, passkey);
    return { success: true, user: presentUser(user) };
  },
});
