import { type AuthConfig, buildAuthConfig } from "@/lib/config/auth";

type Sources = { AUTH_CONFIG_JSON?: string; ADMIN_EMAILS?: string };

// On globalThis: the proxy, the route handlers and the settings all read the one built for these
// values in this process, whichever bundle asks first.
const globalForConfig = globalThis as typeof globalThis & {
  __authStartupConfig?: Map<string, AuthConfig>;
};

/**
 * The start-up auth configuration (defaults, AUTH_CONFIG_JSON, ADMIN_EMAILS), built and validated
 * once per process for given values: the services, the proxy and the settings screen share it.
 * The administrators' settings are an overlay on it (lib/settings/store.ts). Throws ConfigError.
 */
export function startupAuthConfig(sources: Sources): AuthConfig {
  const cache = (globalForConfig.__authStartupConfig ??= new Map());
  const key = JSON.stringify([
    sources.AUTH_CONFIG_JSON ?? null,
    sources.ADMIN_EMAILS ?? null,
  ]);
  let config = cache.get(key);
  if (!config) {
    config = buildAuthConfig(sources);
    cache.set(key, config);
  }
  return config;
}
