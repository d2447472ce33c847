import "server-only";
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import type { Passkey, User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { invalid } from "@/lib/http/errors";
import {
  type ChallengePurpose,
  consumeChallenge,
  keepChallenge,
} from "@/lib/passkeys/challenges";
import { refuseClonedPasskey, isCounterBehind } from "@/lib/passkeys/counter";
import { toWebAuthnCredential } from "@/lib/passkeys/credential-json";
import {
  type AuthenticationCredential,
  readClientData,
} from "@/lib/passkeys/credential-input";
import {
  CEREMONY_TIMEOUT_MS,
  isExpectedOrigin,
  relyingPartyId,
} from "@/lib/passkeys/relying-party";
import {
  findByCredentialId,
  listPasskeys,
  recordUse,
} from "@/lib/passkeys/store";

export const NOT_RECOGNIZED =
  "Passkey not recognized. It may have been removed from your account.";
const UNABLE = "Unable to verify passkey. Please try again.";

type VerifyPurpose = Exclude<ChallengePurpose, "register">;

/**
 * Request options: for a sign-in, no allowCredentials (discoverable credentials, browser
 * autofill); for a step-up, the user's passkeys. User verification required: a passkey stands
 * for both factors (decision record 026). The challenge is kept for this session.
 */
export async function verificationOptions(
  ctx: Context,
  purpose: VerifyPurpose,
  user: User | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = user ? await listPasskeys(ctx.db, user.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyId(ctx),
    allowCredentials: allowed.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.credential.transports,
    })),
    challenge: new Uint8Array(randomBytes(32)),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
  });
  await keepChallenge(ctx, purpose, options.challenge, user?.id ?? null);
  return options;
}

async function verifySignature(
  ctx: Context,
  credential: AuthenticationCredential,
  passkey: Passkey,
  challenge: string,
  origin: string,
) {
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as Parameters<
        typeof verifyAuthenticationResponse
      >[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: relyingPartyId(ctx),
      credential: toWebAuthnCredential(
        passkey.credentialId,
        passkey.credential,
      ),
      requireUserVerification: true,
    });
    if (result.verified) return result.authenticationInfo;
  } catch {
    // A bad signature, flags or client data: the same answer as any other failure.
  }
  throw invalid("credential", UNABLE);
}

/**
 * Verifies an authentication response: the challenge this session was given for `purpose`
 * (used up whatever follows), a known passkey of an active user (of `user` for a step-up), the
 * origin, relying party, signature and user verification, then the counter, which is stored.
 * Every refusal is a 422 on `credential`. Returns the passkey and its owner.
 */
export async function verifyPasskey(
  ctx: Context,
  purpose: VerifyPurpose,
  credential: AuthenticationCredential,
  user: User | null,
): Promise<{ passkey: Passkey; owner: User }> {
  const clientData = readClientData(credential.response.clientDataJSON);
  await consumeChallenge(ctx, purpose, clientData.challenge, user?.id ?? null);
  const found = await findByCredentialId(ctx.db, credential.id);
  const owner = found?.owner;
  if (!found || !owner || (user && owner.id !== user.id))
    throw invalid("credential", NOT_RECOGNIZED);
  const { passkey } = found;
  if (
    clientData.type !== "webauthn.get" ||
    !isExpectedOrigin(ctx, clientData.origin)
  )
    throw invalid("credential", UNABLE);
  const handle = credential.response.userHandle;
  if (
    handle &&
    passkey.credential.userHandle &&
    handle !== passkey.credential.userHandle.replace(/=+$/, "")
  )
    throw invalid("credential", UNABLE);
  const info = await verifySignature(
    ctx,
    credential,
    passkey,
    clientData.challenge,
    clientData.origin,
  );
  if (isCounterBehind(passkey.credential.counter, info.newCounter))
    await refuseClonedPasskey(ctx, owner, passkey, info.newCounter);
  const updated = {
    ...passkey.credential,
    counter: info.newCounter,
    backupStatus: info.credentialBackedUp,
  };
  // Lost a race with the same assertion (a replay): refused like a failed signature.
  if (!(await recordUse(ctx.db, passkey, updated, ctx.now)))
    throw invalid("credential", UNABLE);
  const used = { ...passkey, credential: updated, lastUsedAt: ctx.now };
  await recordActivity(
    ctx.db,
    {
      event: "passkey-used",
      subjectId: owner.id,
      ip: ctx.ip,
      properties: { passkey_id: passkey.id, purpose },
    },
    ctx.now,
  );
  await emit("PasskeyVerified", { user: owner, passkey: used });
  return { passkey: used, owner };
}
