import "server-only";
import { twoFactorChallenge } from "@/lib/auth/two-factor/endpoints/challenge";
import {
  twoFactorQrCode,
  twoFactorRecoveryCodes,
  twoFactorRegenerateRecoveryCodes,
  twoFactorSecretKey,
} from "@/lib/auth/two-factor/endpoints/codes";
import {
  twoFactorConfirm,
  twoFactorDisable,
  twoFactorEnable,
} from "@/lib/auth/two-factor/endpoints/enrolment";
import {
  confirmedPasswordStatus,
  confirmPassword,
} from "@/lib/auth/two-factor/endpoints/step-up";

/** The second factor's and the step-up's auth actions (decision records 023, 024): part of the auth feature's manifest. */
export const TWO_FACTOR_ACTIONS = {
  "two-factor-challenge": twoFactorChallenge,
  "two-factor-enable": twoFactorEnable,
  "two-factor-confirm": twoFactorConfirm,
  "two-factor-disable": twoFactorDisable,
  "two-factor-qr-code": twoFactorQrCode,
  "two-factor-secret-key": twoFactorSecretKey,
  "two-factor-recovery-codes": twoFactorRecoveryCodes,
  "two-factor-regenerate-recovery-codes": twoFactorRegenerateRecoveryCodes,
  "confirm-password": confirmPassword,
  "confirmed-password-status": confirmedPasswordStatus,
} as const;
