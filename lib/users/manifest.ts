import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { USER_CREDENTIALS } from "@/lib/users/credentials";
import {
  composeConfirmationLink,
  CONFIRM_LINK_COMPOSER,
} from "@/lib/users/email-change";
import { purgeDeletedAccounts } from "@/lib/users/purge-accounts";
import {
  EMAIL_CHANGE_CANCEL_ROUTE,
  EMAIL_CHANGE_CONFIRM_ROUTE,
  EMAIL_CHANGE_RESEND_ROUTE,
  USER_UPDATE_ROUTE,
} from "@/lib/users/routes";

/** The profile: name, photo, address change by confirmation (decision record 012), and the purge of deleted accounts. */
export const USERS = defineFeature({
  name: "users",
  credentials: USER_CREDENTIALS,
  hostRoutes: [
    USER_UPDATE_ROUTE,
    EMAIL_CHANGE_CONFIRM_ROUTE,
    EMAIL_CHANGE_RESEND_ROUTE,
    EMAIL_CHANGE_CANCEL_ROUTE,
  ],
  composers: {
    [CONFIRM_LINK_COMPOSER]: (target) => (data) =>
      composeConfirmationLink({
        db: target.database.db,
        config: target.config,
        env: target.env,
        mailer: target.mailer,
      })(data),
  },
  pruners: {
    deleted_accounts: (deps) =>
      purgeDeletedAccounts(
        deps.db,
        {
          graceDays: deps.config.retention["deleted-accounts-days"],
          userClass: deps.config["user-class"],
        },
        deps.now,
      ),
  },
});
