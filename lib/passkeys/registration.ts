import "server-only";
import { randomBytes } from "node:crypto";
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Passkey, StoredCredential, User } from "@/db/schema";
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

/** Who a ceremony registers a passkey for, and what it asks of the authenticator. */
type Ceremony = {
  purpose: "register" | "signup";
  userId: number | null;
  /** A passkey-first account's passkey is its only way in: discoverable, the user verified. */
  soleWayIn: boolean;
};

/**
 * Creation options for `entity` (its user handle and the credentials it already has, excluded),
 * the challenge kept for the ceremony: a discoverable credential and user verification preferred,
 * required when the passkey will be the account's only way in (decision record 107).
 */
export async function creationOptions(
  ctx: Context,
  entity: {
    email: string;
    name: string;
    handle: Uint8Array<ArrayBuffer>;
    exclude: Passkey[];
    challenge: Uint8Array<ArrayBuffer>;
  },
  ceremony: Ceremony,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const wanted = ceremony.soleWayIn ? "required" : "preferred";
  const options = await generateRegistrationOptions({
    rpName: relyingPartyName(ctx),
    rpID: relyingPartyId(ctx),
    userName: entity.email,
    userID: entity.handle,
    userDisplayName: entity.name,
    challenge: entity.challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: entity.exclude.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.credential.transports,
    })),
    authenticatorSelection: { residentKey: wanted, userVerification: wanted },
    supportedAlgorithmIDs: [ES256, RS256],
  });
  await keepChallenge(
    ctx,
    ceremony.purpose,
    options.challenge,
    ceremony.userId,
  );
  return options;
}

/** Registration options for the signed-in user: their stable user handle, their passkeys excluded. */
export async function registrationOptions(
  ctx: Context,
  user: User,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(ctx.db, user.id);
  return creationOptions(
    ctx,
    {
      email: user.email,
      name: user.name,
      handle: userHandle(ctx.env.SESSION_SECRET, user, existing),
      exclude: existing,
      challenge: new Uint8Array(randomBytes(32)),
    },
    { purpose: "register", userId: user.id, soleWayIn: false },
  );
}

async function verify(
  ctx: Context,
  credential: RegistrationCredential | RegistrationResponseJSON,
  challenge: string,
  origin: string,
  soleWayIn: boolean,
) {
  try {
    const result = await verifyRegistrationResponse({
      response: credential as Parameters<
        typeof verifyRegistrationResponse
      >[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: relyingPartyId(ctx),
      requireUserVerification: soleWayIn,
    });
    if (result.verified) return result.registrationInfo;
  } catch {
    // A malformed or forged attestation: the same answer as any other failure.
  }
  throw invalid("credential", UNABLE);
}

/**
 * Verifies a registration response against the challenge this session was given for `purpose`
 * (and user), used up here; answers the credential to store under `handle`, or 422 on
 * `credential`. `challengeCheck` refuses a challenge the caller did not make for this request
 * (a passkey-first registration's address, decision record 107).
 */
export async function verifyAttestation(
  ctx: Context,
  // A route row's wire type or an endpoint's checked input: both checked by registrationCredentialSchema.
  credential: RegistrationCredential | RegistrationResponseJSON,
  ceremony: Ceremony & {
    handle: (challenge: string) => Uint8Array<ArrayBuffer>;
    challengeCheck?: (challenge: string) => void;
  },
): Promise<{ credentialId: string; stored: StoredCredential }> {
  const clientData = readClientData(credential.response.clientDataJSON);
  ceremony.challengeCheck?.(clientData.challenge);
  await consumeChallenge(
    ctx,
    ceremony.purpose,
    clientData.challenge,
    ceremony.userId,
  );
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
    ceremony.soleWayIn,
  );
  if (info.credential.id.length > 255) throw invalid("credential", UNABLE);
  const stored = toStoredCredential({
    id: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: credential.response.transports ?? [],
    aaguid: info.aaguid,
    userHandle: ceremony.handle(clientData.challenge),
    backupEligible: info.credentialDeviceType === "multiDevice",
    backedUp: info.credentialBackedUp,
    userVerified: info.userVerified,
  });
  return { credentialId: info.credential.id, stored };
}

/** What the activity log and the listeners hear of a passkey just stored. */
export async function announcePasskey(
  ctx: Context,
  user: User,
  passkey: Passkey,
): Promise<void> {
  await recordActivity(
    ctx.db,
    {
      event: "passkey-registered",
      subjectId: user.id,
      ip: ctx.ip,
      properties: { passkey_id: passkey.id, name: passkey.name },
    },
    ctx.now,
  );
  await emit("PasskeyRegistered", { user, passkey });
}

/** Verifies a registration response against the challenge this session was given, and stores the passkey. */
export async function registerPasskey(
  ctx: Context,
  user: User,
  name: string,
  credential: RegistrationCredential,
): Promise<Passkey> {
  const existing = await listPasskeys(ctx.db, user.id);
  const { credentialId, stored } = await verifyAttestation(ctx, credential, {
    purpose: "register",
    userId: user.id,
    soleWayIn: false,
    handle: () => userHandle(ctx.env.SESSION_SECRET, user, existing),
  });
  let passkey: Passkey;
  try {
    passkey = await insertPasskey(ctx.db, {
      userId: user.id,
      name,
      credentialId,
      credential: stored,
      now: ctx.now,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalid("credential", "This passkey is already registered.");
    throw error;
  }
  await announcePasskey(ctx, user, passkey);
  return passkey;
}
