/**
 * One value per process, whichever bundle asks. Next compiles the proxy, each route and the
 * instrumentation into separate bundles with their own copies of a module, so a registry kept in
 * a module variable and filled when the services are built would stay empty in every other
 * bundle (decision record 016). Registries live here instead, under a process-wide symbol.
 */
export function processSlot<T>(name: string, create: () => T): T {
  const key = Symbol.for(`next-laravel-auth.${name}`);
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  return (slots[key] ??= create());
}
