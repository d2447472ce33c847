import { z } from "zod";

/** Laravel Fortify's second factor and step-up (decision records 023–024): fields and answers. */
export const twoFactorChallengeInput = z.object({
  code: z.string().nullish(),
  recovery_code: z.string().nullish(),
});
export const twoFactorEnableInput = z.object({
  force: z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish(),
});
export const twoFactorConfirmInput = z.object({ code: z.string() });

/**
 * Our own server's SVG of the `otpauth://` URL, and the URL; Fortify's `[]` when the account has
 * no secret yet.
 */
export const twoFactorQrCodeSchema = z.union([
  z.object({ svg: z.string(), url: z.string() }),
  z.tuple([]),
]);

export const twoFactorSecretKeySchema = z.object({ secretKey: z.string() });
export const recoveryCodesSchema = z.array(z.string());

export const confirmPasswordInput = z.object({ password: z.string() });
export const confirmedPasswordStatusSchema = z.object({
  confirmed: z.boolean(),
});
