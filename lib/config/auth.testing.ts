import { buildAuthConfig } from "@/lib/config/auth";
import { ConfigError } from "@/lib/config/errors";

// What the configuration's tests share (lib/config/auth.test.ts, lib/config/auth-bounds.test.ts).

export const build = (overrides: unknown, adminEmails?: string) =>
  buildAuthConfig({
    AUTH_CONFIG_JSON: JSON.stringify(overrides),
    ADMIN_EMAILS: adminEmails,
  });

export function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}
