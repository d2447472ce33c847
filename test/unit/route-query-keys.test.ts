import { partialMatchKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/client/api";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import { authConfigSchema } from "@/lib/config/auth";
import { frontendRoutes } from "@/lib/runtime/next-adapter";

// The keys of lib/client/route-query.ts, made from the route manifest the front end is given:
// a change through a route makes stale the reads under its fixed path, and no other.
const api = createApiClient({
  routes: frontendRoutes(authConfigSchema.parse(AUTH_DEFAULTS)),
  onUnauthenticated: () => undefined,
});
const isStaleAfter = (
  change: Parameters<typeof api.staleKey>[0],
  read: unknown[],
) => partialMatchKey(read, api.staleKey(change));

describe("keys from the route rows", () => {
  const list = api.queryKey("api.admin.webhooks.index");
  const log = api.queryKey("api.admin.webhooks.deliveries", { id: 3 });
  const mail = api.queryKey("api.admin.mail");
  const history = api.queryKey("api.app.user.authentication-log", {
    page: 2,
    per_page: 10,
  });

  it("names a read by its filled path, then its other fields", () => {
    expect(log).toEqual([
      "route",
      "api",
      "admin",
      "webhooks",
      "3",
      "deliveries",
      {},
    ]);
    expect(history.at(-1)).toEqual({ page: 2, per_page: 10 });
    expect(history).not.toEqual(
      api.queryKey("api.app.user.authentication-log", {
        page: 3,
        per_page: 10,
      }),
    );
  });

  it("makes stale what a change touches: the list and each log under the endpoints' path", () => {
    for (const change of [
      "api.admin.webhooks.store",
      "api.admin.webhooks.test",
      "api.admin.webhooks.destroy",
    ] as const) {
      expect(isStaleAfter(change, list), change).toBe(true);
      expect(isStaleAfter(change, log), change).toBe(true);
      expect(isStaleAfter(change, mail), change).toBe(false);
    }
    expect(isStaleAfter("api.admin.mail.retry", mail)).toBe(true);
    expect(isStaleAfter("api.admin.mail.retry", list)).toBe(false);
    expect(isStaleAfter("api.admin.mail.retry", history)).toBe(false);
  });
});

describe("the reads the screens' changes make stale", () => {
  // The browser sessions card, the administrators' sessions dialog and the authorized apps
  // list read and change their routes by name (components/profile/browser-sessions.tsx,
  // components/admin/user-sessions-dialog.tsx, lib/client/use-oauth-tokens.ts).
  it("ending a browser, or all the others, refreshes the list of browsers", () => {
    const sessions = api.queryKey("sessions");
    expect(isStaleAfter("session-destroy", sessions)).toBe(true);
    expect(isStaleAfter("other-browser-sessions", sessions)).toBe(true);
    expect(
      isStaleAfter("session-destroy", api.queryKey("api.admin.mail")),
    ).toBe(false);
  });

  it("an administrator ending a user's session refreshes the sessions dialog", () => {
    const change = "api.admin.users.sessions.destroy";
    expect(
      isStaleAfter(
        change,
        api.queryKey("api.admin.users.sessions.index", { id: 7 }),
      ),
    ).toBe(true);
    expect(isStaleAfter(change, api.queryKey("api.admin.mail"))).toBe(false);
  });

  it("revoking an app's tokens refreshes the authorized apps", () => {
    expect(
      isStaleAfter(
        "passport.tokens.destroy",
        api.queryKey("passport.tokens.index"),
      ),
    ).toBe(true);
  });
});
