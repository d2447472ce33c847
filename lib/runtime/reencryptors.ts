import "server-only";
import type { Reencryptor } from "@/lib/crypto/reencryption";
import { collected } from "@/lib/runtime/features";

/**
 * Everything stored encrypted under a key derived from SESSION_SECRET, for
 * `npm run auth -- reencrypt` (decision record 020), from the features' manifests: a feature
 * that stores another encrypted value lists its re-encryptor in its own manifest. Sessions,
 * signed links and impersonation tokens are not stored encrypted: a new secret simply ends them.
 */
export const REENCRYPTORS: readonly Reencryptor[] =
  collected("reencryptors").flat();
