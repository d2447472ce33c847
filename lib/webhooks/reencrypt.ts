import "server-only";
import { eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { ReencryptResult, Reencryptor } from "@/lib/crypto/reencryption";
import {
  sealWebhookSecret,
  unsealWebhookSecret,
  webhookSecretKey,
} from "@/lib/webhooks/secrets";

/**
 * The endpoints' signing secrets (decision record 022), sealed under a key derived from
 * SESSION_SECRET with the endpoint's uuid as context: opened with the old key, sealed with the new
 * one, in one transaction, rows locked. A secret already under the new key is left alone.
 */
export const webhookSecretsReencryptor: Reencryptor = {
  name: "webhook endpoints (webhook_endpoints.secret)",
  async run(db, secrets): Promise<ReencryptResult> {
    const from = webhookSecretKey(secrets.from);
    const to = webhookSecretKey(secrets.to);
    const result: ReencryptResult = { changed: 0, unchanged: 0, unreadable: 0 };
    await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: webhookEndpoints.id,
          uuid: webhookEndpoints.uuid,
          secret: webhookEndpoints.secret,
        })
        .from(webhookEndpoints)
        .for("update");
      for (const row of rows) {
        const opened = (key: Buffer) => {
          try {
            return unsealWebhookSecret(key, row.secret, row.uuid);
          } catch {
            return null;
          }
        };
        if (opened(to) !== null) {
          result.unchanged++;
          continue;
        }
        const plain = opened(from);
        if (plain === null) {
          result.unreadable++;
          continue;
        }
        await tx
          .update(webhookEndpoints)
          .set({ secret: sealWebhookSecret(to, plain, row.uuid) })
          .where(eq(webhookEndpoints.id, row.id));
        result.changed++;
      }
    });
    return result;
  },
};
