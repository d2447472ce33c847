import "server-only";
import { mailQueueReencryptor } from "@/lib/mail/reencrypt";
import { twoFactorReencryptor } from "@/lib/auth/two-factor/reencrypt";
import { webhookSecretsReencryptor } from "@/lib/webhooks/reencrypt";
import type { Reencryptor } from "@/lib/crypto/reencryption";

/**
 * Everything stored encrypted under a key derived from SESSION_SECRET, for
 * `npm run auth -- reencrypt` (decision record 020). A feature that stores another encrypted
 * value appends its re-encryptor here. Sessions, signed links and impersonation tokens are not
 * stored encrypted: a new secret simply ends them.
 */
export const REENCRYPTORS: readonly Reencryptor[] = [
  mailQueueReencryptor,
  twoFactorReencryptor,
  webhookSecretsReencryptor,
];
