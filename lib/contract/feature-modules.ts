// Written by `npm run contract:index` (scripts/contract-index.mjs) from the modules of
// lib/contract/<feature>/ (decision record 113). Types only: nothing here reaches a bundle.
import type * as Account from "./account/routes";
import type * as Admin from "./admin/routes";
import type * as AdminTeams from "./admin/teams";
import type * as AuthChallenge from "./auth/challenge";
import type * as AuthPasswordless from "./auth/passwordless";
import type * as AuthProviders from "./auth/providers";
import type * as AuthResetLink from "./auth/reset-link";
import type * as AuthSignIn from "./auth/sign-in";
import type * as AuthTokens from "./auth/tokens";
import type * as AuthTwoFactor from "./auth/two-factor";
import type * as AuthenticationLog from "./authentication-log/routes";
import type * as OauthResources from "./oauth/resources";
import type * as Oauth from "./oauth/routes";
import type * as Operations from "./operations/routes";
import type * as Passkeys from "./passkeys/passkeys";
import type * as SessionsBrowserSessions from "./sessions/browser-sessions";
import type * as Settings from "./settings/routes";
import type * as Teams from "./teams/routes";
import type * as TeamsTeam from "./teams/team";
import type * as Uploads from "./uploads/routes";
import type * as Users from "./users/routes";
import type * as UsersUser from "./users/user";
import type * as Webhooks from "./webhooks/routes";

/** Every module of lib/contract/<feature>/: the client finds the host contracts among their exports. */
export type FeatureModules =
  | typeof Account
  | typeof Admin
  | typeof AdminTeams
  | typeof AuthChallenge
  | typeof AuthPasswordless
  | typeof AuthProviders
  | typeof AuthResetLink
  | typeof AuthSignIn
  | typeof AuthTokens
  | typeof AuthTwoFactor
  | typeof AuthenticationLog
  | typeof OauthResources
  | typeof Oauth
  | typeof Operations
  | typeof Passkeys
  | typeof SessionsBrowserSessions
  | typeof Settings
  | typeof Teams
  | typeof TeamsTeam
  | typeof Uploads
  | typeof Users
  | typeof UsersUser
  | typeof Webhooks;
