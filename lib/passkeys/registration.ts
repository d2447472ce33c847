import "server-only";
import { randomBytes } from "node:crypto";
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Passkey, User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { invalid } from "@/lib/http/errors";
import { isUniqueViolation } from "@/lib/users/users";
import { consumeChallenge, keepChallenge } from "@/lib/passkeys/challenges";
import { toStoredCredential } from "@/lib/passkeys/credential-json";
import {
  type RegistrationCredential,
  readClientData,
} from "@/lib/passkeys/credential-input";
import {
  CEREMONY_TIMEOUT_MS,
  isExpectedOrigin,
  relyingPartyId,
  relyingPartyName,
} from "@/lib/passkeys/relying-party";
import { insertPasskey, listPasskeys } from "@/lib/passkeys/store";
import { userHandle } from "@/lib/passkeys/user-handle";

const UNABLE = "Unable to register passkey. Please try again.";
const ES256 = -7;
const RS256 = -257;

/**
 * Registration options for the signed-in user: their stable user handle, their passkeys
 * excluded, a discoverable credential and user verification preferred; the challenge kept.
 */
export async function registrationOptions(
  ctx: Context,
  user: User,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(ctx.db, user.id);
  const rpID = relyingPartyId(ctx);
  const options = await generateRegistrationOptions({
    rpName: relyingPartyName(ctx),
    rpID,
    userName: user.email,
    userID: userHandle(ctx.env.SESSION_SECRET, user, existing),
    userDisplayName: user.name,
    challenge: new Uint8Array(randomBytes(32)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.credential.transports,
    })),
    authenticatorSelection: {
      residentKey: "preferred",
      userVerification: "preferred",
    },
    supportedAlgorithmIDs: [ES256, RS256],
  });
  await keepChallenge(ctx, "register", options.challenge, user.id);
  return options;
}

async function verify(
  ctx: Context,
  credential: RegistrationCredential,
  challenge: string,
  origin: string,
) {
  try {
    const result = await verifyRegistrationResponse({
      response: credential as Parameters<
        typeof verifyRegistrationResponse
      >[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: relyingPartyId(ctx),
      requireUserVerification: false,
    });
    if (result.verified) return result.registrationInfo;
  } catch {
    // A malformed or forged attestation: the same answer as any other failure.
  }
  throw invalid("credential", UNABLE);
}

/** Verifies a registration response against the challenge this session was given, and stores the passkey. */
export async function registerPasskey(
  ctx: Context,
  user: User,
  name: string,
  credential: RegistrationCredential,
): Promise<Passkey> {
  const clientData = readClientData(credential.response.clientDataJSON);
  await consumeChallenge(ctx, "register", clientData.challenge, user.id);
  if (
    clientData.type !== "webauthn.create" ||
    !isExpectedOrigin(ctx, clientData.origin)
  )
    throw invalid("credential", UNABLE);
  const info = await verify(
    ctx,
    credential,
    clientData.challenge,
    clientData.origin,
  );
  if (info.credential.id.length > 255) throw invalid("credential", UNABLE);
  const existing = await listPasskeys(ctx.db, user.id);
  const stored = toStoredCredential({
    id: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: credential.response.transports ?? [],
    aaguid: info.aaguid,
    userHandle: userHandle(ctx.env.SESSION_SECRET, user, existing),
    backupEligible: info.credentialDeviceType === "multiDevice",
    backedUp: info.credentialBackedUp,
    userVerified: info.userVerified,
  });
  let passkey: Passkey;
  try {
    passkey = await insertPasskey(ctx.db, {
      userId: user.id,
      name,
      credentialId: info.credential.id,
      credential: stored,
      now: ctx.now,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalid("credential", "This passkey is already registered.");
    throw error;
  }
  await recordActivity(
    ctx.db,
    {
      event: "passkey-registered",
      subjectId: user.id,
      ip: ctx.ip,
      properties: { passkey_id: passkey.id, name },
    },
    ctx.now,
  );
  await emit("PasskeyRegistered", { user, passkey });
  return passkey;
}
