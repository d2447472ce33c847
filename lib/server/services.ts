import "server-only";
import type { Database } from "@/db/client";
import type { AuthConfig } from "@/lib/config/auth";
import type { ActionMap } from "@/lib/contract/auth-actions";
import type { ServicesConfig } from "@/lib/config/services";
import type { Env } from "@/lib/env";
import type { OriginPolicy } from "@/lib/http/stateful";
import type { AuthState, Context } from "@/lib/server/context";
import type { CredentialLedger } from "@/lib/server/credential-ledger";
import type { Endpoint } from "@/lib/server/endpoint";
import type { Mailer } from "@/lib/server/mailer";

/**
 * What the features hand to the framework when the services are built (lib/runtime/services.ts):
 * the endpoint of each auth action, and what every request's context needs from them. The
 * framework never imports a feature (decision record 016).
 */
export type Application = {
  endpoints: ActionMap<Endpoint>;
  /** Every kind of way into an account, from the manifests: what each account event ends (decision record 082). */
  credentials: CredentialLedger;
  /** Called once per request when its context is built (the impersonation watch over the session). */
  prepareContext(ctx: Context): void;
  /** Mails the owner what a route of a telling credential class changed (decision record 028). */
  noticeCredentialChange(
    ctx: Context,
    notice: "added" | "removed" | "changed",
  ): Promise<void>;
  /**
   * The guard for bearer tokens shaped as JWTs (OAuth access tokens, lib/oauth): recognised by
   * their shape, so a personal access token never reaches it. Null when it is not a valid one.
   */
  jwtBearer?: (ctx: Context, jwt: string) => Promise<AuthState | null>;
  /**
   * The URL of this API's RFC 9728 protected-resource metadata (lib/oauth), named by every bearer
   * challenge as `resource_metadata` (decision record 085).
   */
  resourceMetadataUrl?: (services: Pick<Services, "env">) => string;
};

/** Everything a request needs from the process: configuration, database, mail, clock. */
export type Services = {
  env: Env;
  /** The effective auth configuration: start-up configuration plus the administrators' settings. */
  config: AuthConfig;
  /** The start-up configuration (defaults, AUTH_CONFIG_JSON, ADMIN_EMAILS), built once per process (lib/config/startup.ts). */
  startupConfig: AuthConfig;
  /** The settings stored in the database, as `dotted.key → value`. */
  settingsOverrides: Record<string, unknown>;
  /**
   * Reads of the settings table, numbered as they begin: the number of the last one begun, and of
   * the one in force. A read that ends after a later one was put in force is dropped
   * (lib/settings/store.ts, `reloadSettings`).
   */
  settingsReads: { begun: number; inForce: number };
  providers: ServicesConfig;
  database: Database;
  mailer: Mailer;
  now: () => Date;
  /** Origins whose requests may use the session cookie (decision record 006). */
  stateful: OriginPolicy;
  /** Origins allowed to call with credentials (CORS); by default the stateful ones. */
  cors: OriginPolicy;
  /** Asks the mail worker to look at the queue now (after a request queued a message). */
  wakeMailWorker: () => void;
  /** Asks the webhook worker to look at its queue now (a test event, decision record 022). */
  wakeWebhookWorker: () => void;
  /** Accounts whose stored hash bcrypt cannot read, already logged: once each (lib/auth/passwords.ts). */
  reportedUnreadableHashes: Set<number>;
  application: Application;
};

/** Puts a settings state (configuration plus the stored overrides) in force in this process. */
export function applySettings(
  target: Services,
  state: { config: AuthConfig; overrides: Record<string, unknown> },
): void {
  target.config = state.config;
  target.settingsOverrides = state.overrides;
}
