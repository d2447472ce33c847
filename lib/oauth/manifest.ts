import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { oauthBearer } from "@/lib/oauth/bearer";
import { OAUTH_CREDENTIALS } from "@/lib/oauth/credentials";
import {
  BACKCHANNEL_LOGOUT_COMPOSER,
  deliverLogoutToken,
} from "@/lib/oauth/logout-tokens";
import { pruneUnusedRegisteredClients } from "@/lib/oauth/registered-client-pruning";
import { resourceMetadataUrl } from "@/lib/oauth/resources";
import { OAUTH_ROUTES } from "@/lib/oauth/routes";

/** The OAuth 2.1 and OpenID Connect server on Laravel Passport's contract (decision record 050). */
export const OAUTH = defineFeature({
  name: "oauth",
  hostRoutes: OAUTH_ROUTES,
  credentials: OAUTH_CREDENTIALS,
  // The guard of bearer tokens shaped as JWTs (its access tokens), and where the challenge of a
  // refused bearer points its client (decision record 085).
  requestHooks: { jwtBearer: oauthBearer, resourceMetadataUrl },
  // Back-channel logout tokens (decision record 103): queued on the webhooks' queue by the trigger
  // on `sessions`, delivered by its worker.
  composers: {
    [BACKCHANNEL_LOGOUT_COMPOSER]: (target) => (data) =>
      deliverLogoutToken(
        {
          db: target.database.db,
          env: target.env,
          now: target.now,
          allowPrivate: () => target.config.webhooks["allow-private-addresses"],
        },
        data,
      ),
  },
  pruners: {
    // Clients that registered themselves and went unused (decision record 052).
    registered_oauth_clients: (deps) =>
      pruneUnusedRegisteredClients(
        deps.db,
        deps.config.oauth["registered-client-unused-days"],
        deps.now,
      ),
  },
});
