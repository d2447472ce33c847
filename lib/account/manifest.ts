import "server-only";
import { defineFeature } from "@/lib/server/feature";
import {
  USER_DATA_EXPORT_ROUTE,
  USER_DELETE_ROUTE,
} from "@/lib/account/routes";

/** The account holder's data rights (decision record 021): download my data, close my account. */
export const ACCOUNT = defineFeature({
  name: "account",
  hostRoutes: [USER_DATA_EXPORT_ROUTE, USER_DELETE_ROUTE],
});
