import "server-only";
import type { Db } from "@/db/client";
import type { AuthConfig } from "@/lib/config/auth";
import type { ActionName } from "@/lib/contract/auth-actions";
import type { Reencryptor } from "@/lib/crypto/reencryption";
import type {
  CredentialKind,
  CredentialLedger,
} from "@/lib/server/credential-ledger";
import type { Env } from "@/lib/env";
import type { Endpoint } from "@/lib/server/endpoint";
import type { EventName, Listener } from "@/lib/server/events";
import type { Middleware } from "@/lib/server/middleware";
import type { HostRoute } from "@/lib/server/pipeline";
import type { Application, Services } from "@/lib/server/services";

/** What a pruner is given: read at each run, since settings may have changed the configuration. */
export type PruneDeps = { db: Db; config: AuthConfig; env: Env; now: Date };

/**
 * Deletes one kind of expired row or file (decision record 015); answers how many went, or a count
 * per kind. The ledger is handed over for a pruner whose deletion is an account event (a purged
 * owner's team ends its members' team credentials: decision record 106).
 */
export type Pruner = (
  deps: PruneDeps & { credentials: CredentialLedger },
) => Promise<number | Record<string, number>>;

/** The moment `days` before `now`: where a retention window (`retention.*-days`) starts. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** Runs a deferred queue job (a `compose` job of lib/mail/queue.ts) off the request path. */
export type QueueComposer = (data: Record<string, unknown>) => Promise<void>;

/** A worker loop over one queue, and the Services field that wakes it after a request queued a job. */
export type WorkerDeclaration = {
  queue: string;
  wake: "wakeMailWorker" | "wakeWebhookWorker";
};

/** Listeners of the framework's events (lib/server/events.ts), by event. */
export type EventListeners = { [K in EventName]?: readonly Listener<K>[] };

/**
 * Everything one feature folder gives the composition root (lib/runtime/features.ts walks the
 * list; decision record 064). The framework defines the shape and never imports a feature: a
 * feature exports its manifest from `lib/<feature>/manifest.ts`, and a new feature is its folder
 * plus one line in FEATURES.
 */
export type FeatureManifest = {
  /** The folder's name (`webhooks`): named in start-up errors. */
  name: string;
  /** The endpoint of each auth action of the table (lib/contract/auth-actions.ts) this feature serves. */
  actions?: { readonly [A in ActionName]?: Endpoint };
  /** Its routes at fixed paths (profile, uploads, administration, OAuth). */
  hostRoutes?: readonly HostRoute[];
  /** Middleware it puts in the registry, by name, for any route to declare (`auth`, `throttle`, `admin`). */
  middleware?: Readonly<Record<string, Middleware<never>>>;
  /** What it does when a framework event fires. */
  listeners?: EventListeners;
  /** The worker loops it runs when QUEUE_WORKER is on. */
  workers?: readonly WorkerDeclaration[];
  /** Its deferred jobs, by composer name: built from the services when the workers start. */
  composers?: Readonly<Record<string, (target: Services) => QueueComposer>>;
  /** What the pruning task deletes for it, by the name the run reports. */
  pruners?: Readonly<Record<string, Pruner>>;
  /** The kinds of way into an account it stores: the credential ledger's (decision record 082). */
  credentials?: readonly CredentialKind[];
  /** What it stores encrypted under a key derived from SESSION_SECRET (`npm run auth -- reencrypt`). */
  reencryptors?: readonly Reencryptor[];
  /** The configuration keys (or prefixes) of the editable settings it reads, by reference to lib/config. */
  settings?: readonly string[];
  /** Start-up warnings about its configuration (null: nothing to say). */
  startupWarnings?: readonly ((config: AuthConfig) => string | null)[];
  /** Its part of every request's context (Application, lib/server/services.ts): at most one feature gives each. */
  requestHooks?: Partial<Omit<Application, "endpoints">>;
};

/**
 * Declares a manifest, keeping its literal action names so that the composition root's type
 * check sees which actions each feature serves (lib/runtime/features.ts).
 */
export function defineFeature<const M extends FeatureManifest>(manifest: M): M {
  return manifest;
}
