import "server-only";
import QRCode from "qrcode";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { type Endpoint } from "@/lib/server/endpoint";
import { HttpError } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import {
  readRecoveryCodes,
  readSecret,
  storeNewRecoveryCodes,
} from "@/lib/auth/two-factor/account";
import { emptyReply } from "@/lib/auth/two-factor/endpoints/reply";
import { otpauthUrl } from "@/lib/auth/two-factor/totp";

// Fortify's words.
const NOT_ENABLED = "Two factor authentication has not been enabled.";

/** GET user/two-factor-qr-code → `{svg, url}` (Fortify answers `[]` without a secret). */
export const twoFactorQrCode = endpointOf(AUTH_ACTIONS["two-factor-qr-code"], {
  async run(ctx) {
    const user = ctx.requireUser();
    const secret = readSecret(ctx, user);
    if (secret === null) return json([]);
    const url = otpauthUrl(secret, ctx.config["two-factor"].issuer, user.email);
    return {
      svg: await QRCode.toString(url, {
        type: "svg",
        margin: 1,
        errorCorrectionLevel: "M",
      }),
      url,
    };
  },
});

/** GET user/two-factor-secret-key → `{secretKey}` (base32), for typing into an app; 404 without a secret. */
export const twoFactorSecretKey = endpointOf(
  AUTH_ACTIONS["two-factor-secret-key"],
  {
    async run(ctx) {
      const secret = readSecret(ctx, ctx.requireUser());
      if (secret === null) throw new HttpError(404, NOT_ENABLED);
      return { secretKey: secret };
    },
  },
);

/** GET user/two-factor-recovery-codes → the codes, a JSON array (behind the step-up). */
export const twoFactorRecoveryCodes = endpointOf(
  AUTH_ACTIONS["two-factor-recovery-codes"],
  {
    async run(ctx) {
      return json(readRecoveryCodes(ctx, ctx.requireUser()));
    },
  },
);

/** POST user/two-factor-recovery-codes: eight new codes replace the old ones; 404 without a secret. */
export const twoFactorRegenerateRecoveryCodes: Endpoint = endpointOf(
  AUTH_ACTIONS["two-factor-regenerate-recovery-codes"],
  {
    async run(ctx) {
      const user = ctx.requireUser();
      if (user.twoFactorSecret === null) throw new HttpError(404, NOT_ENABLED);
      await storeNewRecoveryCodes(ctx, user);
      await recordActivity(
        ctx.db,
        {
          event: "two-factor-recovery-codes-regenerated",
          subjectId: user.id,
          ip: ctx.ip,
        },
        ctx.now,
      );
      await emit("RecoveryCodesGenerated", { user });
      return emptyReply(ctx, twoFactorRegenerateRecoveryCodes, 200);
    },
  },
);
