import "server-only";
import {
  NOT_ME_ROUTE,
  USER_AUTHENTICATION_LOG_ROUTE,
} from "@/lib/authentication-log/routes";
import { pruneAuthenticationLog } from "@/lib/authentication-log/prune";
import { defineFeature } from "@/lib/server/feature";

/**
 * The sign-in history on rappasoft/laravel-authentication-log's table and its new-device mail
 * (decision record 095). Its rows are written by the sign-in paths themselves (lib/auth), in the
 * statements they already make; it holds no way into an account, so it declares no credentials.
 * Its rows older than `authentication-log.purge-days` are pruned, as the package's
 * `authentication-log:purge` does.
 */
export const AUTHENTICATION_LOG = defineFeature({
  name: "authentication-log",
  hostRoutes: [USER_AUTHENTICATION_LOG_ROUTE, NOT_ME_ROUTE],
  pruners: {
    authentication_log: (deps) =>
      pruneAuthenticationLog(
        deps.db,
        deps.config["authentication-log"]["purge-days"],
        deps.now,
      ),
  },
});
