import "server-only";
import type { Endpoint } from "@/lib/server/endpoint";
import { defineFeature } from "@/lib/server/feature";
import { pruneChallenges } from "@/lib/passkeys/challenges";
import { PASSKEY_CREDENTIALS } from "@/lib/passkeys/credentials";
import {
  passkeyConfirm,
  passkeyConfirmOptions,
} from "@/lib/passkeys/endpoints/confirm";
import {
  passkeyLogin,
  passkeyLoginOptions,
} from "@/lib/passkeys/endpoints/login";
import {
  destroyPasskey,
  listOwnPasskeys,
  passkeyRegistrationOptions,
  storePasskey,
  updatePasskey,
} from "@/lib/passkeys/endpoints/manage";
import {
  dismissPasskeyOffer,
  signInMethods,
} from "@/lib/passkeys/endpoints/offer";
import {
  registerPasskey,
  registerPasskeyOptions,
} from "@/lib/passkeys/endpoints/signup";

/** Passkeys on laravel/passkeys-server's contract (decision records 025, 026), and passkey-first accounts (107). */
export const PASSKEYS = defineFeature({
  name: "passkeys",
  credentials: PASSKEY_CREDENTIALS,
  actions: {
    "passkey-login-options": passkeyLoginOptions,
    "passkey-login": passkeyLogin as Endpoint,
    "passkey-confirm-options": passkeyConfirmOptions,
    "passkey-confirm": passkeyConfirm as Endpoint,
    "passkey-registration-options": passkeyRegistrationOptions,
    passkeys: listOwnPasskeys,
    "passkey-store": storePasskey as Endpoint,
    "passkey-update": updatePasskey as Endpoint,
    "passkey-destroy": destroyPasskey,
    // Passkey-first accounts (decision record 107).
    "register-passkey-options": registerPasskeyOptions,
    "register-passkey": registerPasskey,
    "sign-in-methods": signInMethods,
    "passkey-offer-dismiss": dismissPasskeyOffer,
  },
  pruners: {
    // Unanswered challenges, once past their five minutes (decision record 025).
    passkey_challenges: async (deps) =>
      (await pruneChallenges(deps.db, deps.now)).length,
  },
});
