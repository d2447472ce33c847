import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./client";

/**
 * The embedded database's read cache (decision record 018). With PGlite one process owns the
 * data, so a lookup's result stays true until a statement that may write goes through the one
 * connection. Every such statement (and every transaction) bumps a generation before and after
 * it runs; an entry is stored with the generation seen when its read began, only when no write
 * began or ended meanwhile, and used only while the generation is unchanged. Nothing has to be
 * told which tables a write touches, so no write path can be forgotten. PostgreSQL (several
 * instances, writers elsewhere) never gets one.
 */
export class WriteGeneration {
  private value = 0;

  get current(): number {
    return this.value;
  }

  /** Runs a statement that may write: the generation moves before it starts and after it ends. */
  async around<T>(write: () => Promise<T>): Promise<T> {
    this.value++;
    try {
      return await write();
    } finally {
      this.value++;
    }
  }
}

// A plain SELECT that calls none of PostgreSQL's functions with side effects. Anything else —
// data-modifying CTEs (`with … insert`), DDL, TRUNCATE, SET, locks, several statements — counts
// as a write. Treating a read as a write only costs a miss, so the test leans that way.
const SELECT = /^\s*select\b/i;
const SIDE_EFFECTS =
  /\b(insert|update|delete|merge|truncate|into|nextval|setval|set_config|pg_advisory\w*|pg_notify|lo_\w+|pg_current_xact_id\w*|txid_current\w*)\b|;/i;

/** True for a statement that cannot change the database (a lone SELECT without side effects). */
export function isReadOnlyStatement(text: string): boolean {
  return SELECT.test(text) && !SIDE_EFFECTS.test(text);
}

/**
 * Routes every statement of `client` through `generation`: `query` (which `sql` uses too) unless
 * it is read-only, and always `exec` (several statements), `transaction` and `runExclusive`.
 */
export function trackWrites(client: PGlite, generation: WriteGeneration): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const runExclusive = client.runExclusive.bind(client);
  client.query = ((
    text: string,
    params?: unknown[],
    options?: Parameters<PGlite["query"]>[2],
  ) =>
    isReadOnlyStatement(text)
      ? query(text, params, options)
      : generation.around(() =>
          query(text, params, options),
        )) as PGlite["query"];
  client.exec = (text, options) => generation.around(() => exec(text, options));
  client.transaction = ((callback) =>
    generation.around(() => transaction(callback))) as PGlite["transaction"];
  client.runExclusive = ((callback) =>
    generation.around(() => runExclusive(callback))) as PGlite["runExclusive"];
}

/** Entries kept per generation at most (the oldest goes first): sessions and tokens in use. */
const MAX_ENTRIES = 10_000;

export class ReadCache {
  private entries = new Map<string, unknown>();
  private entriesGeneration = -1;

  constructor(private readonly generation: WriteGeneration) {}

  /** `load`'s result for `key`, from the cache while no write has happened since it was read. */
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const seen = this.generation.current;
    if (seen === this.entriesGeneration && this.entries.has(key))
      return this.entries.get(key) as T;
    const value = await load();
    // Kept only when no write began or ended while it was read: then it is the state at `seen`.
    if (this.generation.current === seen) {
      if (this.entriesGeneration !== seen) {
        this.entries = new Map();
        this.entriesGeneration = seen;
      }
      if (this.entries.size >= MAX_ENTRIES)
        this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, deepFreeze(value));
    }
    return value;
  }
}

/** Cached values are shared by every request that reads them: frozen, so no one changes them for the others. */
function deepFreeze<T>(value: T): T {
  if (
    typeof value !== "object" ||
    value === null ||
    Object.isFrozen(value) ||
    value instanceof Date
  )
    return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

// On globalThis, like the services (lib/runtime/services.ts): Next's server has several bundles,
// each with its own copy of this module, and the one that opened the database is rarely the one
// whose route looks a session up.
const globalForCaches = globalThis as typeof globalThis & {
  __readCaches?: WeakMap<Db, ReadCache>;
};
const caches = (globalForCaches.__readCaches ??= new WeakMap<Db, ReadCache>());

/** Gives `db` (a PGlite handle, not a transaction's) its read cache. */
export function attachReadCache(db: Db, cache: ReadCache): void {
  caches.set(db, cache);
}

/**
 * A hot lookup (the session row, a bearer token's row): from the embedded database's cache when
 * `db` has one, else `load` every time (PostgreSQL, transactions). `key` names the statement and
 * its parameters; whatever depends on the clock is judged by the caller on every request.
 */
export function cachedRead<T>(
  db: Db,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, load) : load();
}
