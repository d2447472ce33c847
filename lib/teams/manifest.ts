import "server-only";
import { defineFeature } from "@/lib/server/feature";
import { removeDepartedAccountsTeams } from "@/lib/teams/departed-accounts";
import { LARAVEL_SIGNED, TEAMS_ON, VERIFIED } from "@/lib/teams/middleware";
import { TEAM_ROUTES } from "@/lib/teams/routes";

/**
 * Teams on Laravel Jetstream's tables and routes (decision record 087; docs/teams.md). Nothing
 * here is a way into an account: a membership or an invitation lets nobody sign in, so the
 * credential ledger has no kind of it (an invitation is accepted only by its proven address).
 */
export const TEAMS = defineFeature({
  name: "teams",
  hostRoutes: TEAM_ROUTES,
  middleware: {
    verified: VERIFIED,
    "laravel-signed": LARAVEL_SIGNED,
    teams: TEAMS_ON,
  },
  pruners: {
    departed_accounts_teams: (deps) =>
      removeDepartedAccountsTeams(deps.db, { ...deps, ip: "" }),
  },
  settings: ["teams"],
});
