/**
 * Route name → method, path template and the rules of its credential class a screen needs
 * (refused while impersonating, behind the step-up), as lib/server/url.ts `routeManifest` builds it.
 */
export type RouteManifest = Record<
  string,
  {
    method: string;
    template: string;
    refusedWhileImpersonating?: true;
    stepUp?: true;
  }
>;

export type Locale = "en" | "es";

/**
 * What the server tells the front end about the configuration in force, once per page load
 * (lib/runtime/next-adapter.ts `frontendSettings`). Plain data: it crosses the server/client line.
 */
export type FrontendSettings = {
  routes: RouteManifest;
  password: { length: number; uppercase: boolean; number: boolean };
  allowRegistration: boolean;
  allowImpersonate: boolean;
  /** Sign-in by an emailed link or code is on (`features.passwordless`, decision record 088). */
  passwordless: boolean;
  /** Forms that ask for a proof-of-work challenge solve one (`challenge.enabled`, decision record 108). */
  challenge: boolean;
  /** Largest photo the upload accepts, in kilobytes. */
  uploadMaxKilobytes: number;
  /** create-token's expiry bounds (docs/tokens.md "Personal access tokens"): the screen offers only presets they allow. */
  tokens: { requireExpiry: boolean; maxLifetimeDays: number };
  /**
   * The declared team roles' keys and permissions (`Jetstream::role`), empty while teams are off:
   * a screen offers a team only where `hasTeamPermission` grants the action (decision record 110).
   */
  teamRoles: { key: string; permissions: readonly string[] }[];
  /** The relying party id the server's ceremonies use: the screens offer passkeys only on its domain. */
  passkeys: { relyingPartyId: string };
  locale: Locale;
};
