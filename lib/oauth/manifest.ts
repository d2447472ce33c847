import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { oauthBearer } from "@/lib/oauth/bearer";
import { OAUTH_ROUTES } from "@/lib/oauth/routes";

/** The OAuth 2.1 and OpenID Connect server on Laravel Passport's contract (decision record 050). */
export const OAUTH = defineFeature({
  name: "oauth",
  hostRoutes: OAUTH_ROUTES,
  // The guard of bearer tokens shaped as JWTs: its access tokens.
  requestHooks: { jwtBearer: oauthBearer },
});
