import "server-only";
import type { z } from "zod";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import type { Context } from "@/lib/server/context";
import { processSlot } from "@/lib/server/process-slot";
import type { ProviderUser } from "@/lib/server/provider-user";

/**
 * contract §5 "Customization hooks". Each is optional; when absent the service's own behaviour
 * applies. An application sets them in lib/extensions.ts.
 */
export type AuthHooks = {
  /** Replaces every registration rule (must include email and password). */
  registrationRules?: (
    config: AuthConfig,
  ) => z.ZodType<Record<string, unknown> & { email: string; password: string }>;
  /** Receives the guard's user (or null) and replaces the whole get-auth response. */
  getAuth?: (
    user: User | null,
    ctx: Context,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Replaces isAdmin(). */
  isAdmin?: (user: User, config: AuthConfig) => boolean;
  /** Social login: receives user, provider and provider user; it signs in and responds. */
  socialLogin?: (
    user: User,
    provider: string,
    providerUser: ProviderUser,
    ctx: Context,
  ) => Promise<Response | Record<string, unknown>>;
  /** Social register: creates the account for a provider user without one. */
  socialRegister?: (
    providerUser: ProviderUser,
    provider: string,
    ctx: Context,
  ) => Promise<User>;
  /** Replaces who may request an impersonation token. */
  impersonationAuthorizer?: (
    user: User,
    target: User | null,
    ctx: Context,
  ) => boolean | Promise<boolean>;
  /** Replaces the validation rules of POST impersonate. */
  impersonationRules?: (
    config: AuthConfig,
  ) => z.ZodType<{ target_user_id: number }>;
  /** Replaces the ability check when an impersonation token is used (expiry and requester checks still apply). */
  impersonationTokenAuthorizer?: (
    requester: User,
    target: User,
    ctx: Context,
  ) => boolean | Promise<boolean>;
};

const hooks = processSlot("hooks", (): AuthHooks => ({}));

export function setHooks(next: Partial<AuthHooks>): void {
  Object.assign(hooks, next);
}

/** Removes every hook (tests). */
export function resetHooks(): void {
  for (const key of Object.keys(hooks) as (keyof AuthHooks)[])
    delete hooks[key];
}

export function getHooks(): Readonly<AuthHooks> {
  return hooks;
}
