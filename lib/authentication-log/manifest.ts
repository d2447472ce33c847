import "server-only";
import {
  NOT_ME_ROUTE,
  USER_AUTHENTICATION_LOG_ROUTE,
} from "@/lib/authentication-log/routes";
import { pruneAuthenticationLog } from "@/lib/authentication-log/prune";
import { markSessionsEnded } from "@/lib/authentication-log/sessions-ended";
import { defineFeature } from "@/lib/server/feature";

/**
 * The sign-in history on rappasoft/laravel-authentication-log's table and its new-device mail
 * (decision record 095). Its rows are written by the sign-in paths themselves (lib/auth), in the
 * statements they already make; it holds no way into an account, so it declares no credentials.
 * Its rows older than `authentication-log.purge-days` are pruned, as the package's
 * `authentication-log:purge` does. Sessions ended from the account's list ("log out other
 * browsers", or one of them) are marked cleared by the user, as the package's
 * OtherDeviceLogoutListener does (decision record 111): lib/sessions, a floor below, fires the
 * event and never imports this folder.
 */
export const AUTHENTICATION_LOG = defineFeature({
  name: "authentication-log",
  hostRoutes: [USER_AUTHENTICATION_LOG_ROUTE, NOT_ME_ROUTE],
  listeners: { OtherDeviceLogout: [markSessionsEnded] },
  pruners: {
    authentication_log: (deps) =>
      pruneAuthenticationLog(
        deps.db,
        deps.config["authentication-log"]["purge-days"],
        deps.now,
      ),
  },
});
