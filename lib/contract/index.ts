// The contract as the browser's client reads it, in one module (decision record 113): the auth
// actions' table, every feature's host contracts (feature-modules.ts, written from the folder) and
// the shapes the screens name. Types only: nothing here reaches a bundle.
export type { AUTH_ACTIONS } from "./auth-actions";
export type { HostContract, NoBody } from "./route-contract";
export type { FeatureModules } from "./feature-modules";
export type { User } from "./users/user";
export type { Session } from "./auth/sign-in";
export type { Token } from "./auth/tokens";
export type { BrowserSession } from "./sessions/browser-sessions";
export type { Passkey } from "./passkeys/passkeys";
export type { userStatusSchema } from "./admin/routes";
