import type { User } from "@/db/schema";

/** SPEC.md §6: the four framework events and what listeners receive. */
export type AuthEvents = {
  Registered: { user: User };
  PasswordReset: { user: User };
  Verified: { user: User };
  Lockout: { email: string; ip: string };
};

export type EventName = keyof AuthEvents;
type Listener<K extends EventName> = (payload: AuthEvents[K]) => void | Promise<void>;

const listeners: { [K in EventName]: Set<Listener<K>> } = {
  Registered: new Set(),
  PasswordReset: new Set(),
  Verified: new Set(),
  Lockout: new Set(),
};

/** Subscribes to an event; returns the unsubscribe function. Register listeners in lib/extensions.ts. */
export function listen<K extends EventName>(name: K, listener: Listener<K>): () => void {
  listeners[name].add(listener);
  return () => listeners[name].delete(listener);
}

/**
 * Fires an event after the change that caused it. A failing listener is logged and does not
 * undo the request: the change is already committed.
 */
export async function emit<K extends EventName>(name: K, payload: AuthEvents[K]): Promise<void> {
  for (const listener of listeners[name]) {
    try {
      await listener(payload);
    } catch (error) {
      console.error(`[events] a ${name} listener failed`, error);
    }
  }
}
