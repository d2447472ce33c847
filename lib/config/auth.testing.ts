import { buildAuthConfig } from "@/lib/config/auth";

// What the configuration's tests share (lib/config/auth.test.ts, lib/config/auth-bounds.test.ts).

export const build = (overrides: unknown, adminEmails?: string) =>
  buildAuthConfig({
    AUTH_CONFIG_JSON: JSON.stringify(overrides),
    ADMIN_EMAILS: adminEmails,
  });
