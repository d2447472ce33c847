import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { oauthClients, oauthClientSettings } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { recordActivity } from "@/lib/audit/activity";
import { invalid } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { manageClient } from "@/lib/oauth/client-access";
import { presentClient, randomSecret } from "@/lib/oauth/clients";

const DAY_SECONDS = 86_400;

const rotateInput = z.strictObject({
  ...IGNORED_FIELDS,
  overlap_seconds: z
    .int()
    .min(0)
    .max(7 * DAY_SECONDS)
    .optional(),
});

/**
 * POST /oauth/clients/{id}/secret (decision record 051): a new secret, shown once, as the create
 * answer shows it (`plainSecret`, and `secret` for Passport 12's clients). The replaced one keeps
 * authenticating for `overlap_seconds` (0 to seven days, a day by default) so the client's
 * deployments can move over; a rotation during an overlap ends the older secret at once (one
 * previous secret at a time). Who may: `manageClient`, as for editing the client, a team's under
 * the team's lock (decision record 110). Logged in the same transaction, and the owner told
 * (credential class `rotates`).
 */
export const rotateSecretEndpoint: Endpoint<typeof rotateInput> =
  defineEndpoint({
    input: () => rotateInput,
    nonJson: "json",
    async run(ctx, input) {
      const actor = ctx.requireUser();
      const overlapSeconds = input.overlap_seconds ?? DAY_SECONDS;
      // Hashed before the transaction, so a team's row is not held for the hash's time.
      const plainSecret = randomSecret();
      const hashed = await hashPassword(plainSecret, ctx.config.hashing.rounds);
      const overlapEnds =
        overlapSeconds > 0
          ? new Date(ctx.now.getTime() + overlapSeconds * 1000)
          : null;
      const rotated = await manageClient(
        ctx,
        ctx.params.id ?? "",
        "update",
        async (db, client) => {
          if (client.secret === null)
            throw invalid("client", "A public client has no secret to rotate.");
          // Only from the secret read above: of two rotations at once, the second finds no row.
          const [updated] = await db
            .update(oauthClients)
            .set({ secret: hashed, updatedAt: ctx.now })
            .where(
              and(
                eq(oauthClients.id, client.id),
                eq(oauthClients.secret, client.secret),
              ),
            )
            .returning();
          if (!updated)
            throw invalid(
              "client",
              "The client's secret was changed meanwhile; try again.",
            );
          const previous = {
            previousSecret: overlapEnds ? client.secret : null,
            previousSecretExpiresAt: overlapEnds,
          };
          const [settings] = await db
            .insert(oauthClientSettings)
            .values({ clientId: client.id, ...previous })
            .onConflictDoUpdate({
              target: oauthClientSettings.clientId,
              set: previous,
            })
            .returning();
          // The shared rule leaves the actor's own clients and machine clients, which have no
          // owner: the entry is about the actor, who is the one told.
          await recordActivity(
            db,
            {
              event: "oauth-client-secret-rotated",
              subjectId: actor.id,
              ip: ctx.ip,
              properties: {
                client_id: client.id,
                overlap_seconds: overlapSeconds,
              },
            },
            ctx.now,
          );
          return { client: updated, settings: settings ?? null };
        },
      );
      ctx.credentialChange = { user: actor, name: rotated.client.name };
      return json({
        ...presentClient(rotated.client, rotated.settings, ctx.now),
        plainSecret,
        secret: plainSecret,
      });
    },
  });
