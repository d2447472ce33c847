import type { Passkey, User } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { log } from "@/lib/observability/request-scope";
import { describeError } from "@/lib/observability/logger";

/**
 * contract §6: the four framework events and what listeners receive; then Laravel Fortify's
 * second-factor events, `TwoFactorLockout` (the account refusing codes for a while) and Laravel's
 * `OtherDeviceLogout` (decision records 023–024; docs/second-factor-and-passkeys.md "Events"); then the passkeys' (decision
 * record 026).
 */
export type AuthEvents = {
  Registered: { user: User };
  PasswordReset: { user: User };
  Verified: { user: User };
  Lockout: { email: string; ip: string };
  TwoFactorAuthenticationEnabled: { user: User };
  TwoFactorAuthenticationConfirmed: { user: User };
  TwoFactorAuthenticationDisabled: { user: User };
  TwoFactorAuthenticationChallenged: { user: User };
  TwoFactorAuthenticationFailed: { user: User };
  ValidTwoFactorAuthenticationCodeProvided: { user: User };
  RecoveryCodeReplaced: { user: User };
  RecoveryCodesGenerated: { user: User };
  TwoFactorLockout: { user: User; ip: string };
  PasswordConfirmed: { user: User };
  OtherDeviceLogout: {
    user: User;
    sessions: number;
    /** The request that ended them, as Laravel's listeners read it from the container. */
    request: EventRequest;
    /** The one session ended from the list, by its device; absent: every browser but the caller's. */
    device?: { ipAddress: string | null; userAgent: string | null };
  };
  /** laravel/passkeys-server's events, and a refused passkey (decision record 026). */
  PasskeyRegistered: { user: User; passkey: Passkey };
  PasskeyVerified: { user: User; passkey: Passkey };
  PasskeyUpdated: { user: User; passkey: Passkey };
  PasskeyDeleted: { user: User; passkey: Passkey };
  PasskeyRefused: { user: User; passkey: Passkey; reason: "counter" };
};

/** What a listener that writes is given of the request: its database, configuration, device, clock. */
export type EventRequest = Pick<
  Context,
  "db" | "config" | "ip" | "userAgent" | "now"
>;

export type EventName = keyof AuthEvents;
export type Listener<K extends EventName> = (
  payload: AuthEvents[K],
) => void | Promise<void>;

const listeners: { [K in EventName]: Set<Listener<K>> } = {
  Registered: new Set(),
  PasswordReset: new Set(),
  Verified: new Set(),
  Lockout: new Set(),
  TwoFactorAuthenticationEnabled: new Set(),
  TwoFactorAuthenticationConfirmed: new Set(),
  TwoFactorAuthenticationDisabled: new Set(),
  TwoFactorAuthenticationChallenged: new Set(),
  TwoFactorAuthenticationFailed: new Set(),
  ValidTwoFactorAuthenticationCodeProvided: new Set(),
  RecoveryCodeReplaced: new Set(),
  RecoveryCodesGenerated: new Set(),
  TwoFactorLockout: new Set(),
  PasswordConfirmed: new Set(),
  OtherDeviceLogout: new Set(),
  PasskeyRegistered: new Set(),
  PasskeyVerified: new Set(),
  PasskeyUpdated: new Set(),
  PasskeyDeleted: new Set(),
  PasskeyRefused: new Set(),
};

/** Subscribes to an event; returns the unsubscribe function. Register listeners in lib/extensions.ts. */
export function listen<K extends EventName>(
  name: K,
  listener: Listener<K>,
): () => void {
  listeners[name].add(listener);
  return () => listeners[name].delete(listener);
}

/**
 * Fires an event after the change that caused it. A failing listener is logged and does not
 * undo the request: the change is already committed.
 */
export async function emit<K extends EventName>(
  name: K,
  payload: AuthEvents[K],
): Promise<void> {
  for (const listener of listeners[name]) {
    try {
      await listener(payload);
    } catch (error) {
      log().error(
        { event: name, err: describeError(error) },
        "events: a listener failed",
      );
    }
  }
}
