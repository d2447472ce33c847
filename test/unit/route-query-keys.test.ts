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

describe("what the converted screens' changes make stale (decision record 109)", () => {
  const session = api.queryKey("get-auth");
  const team = api.queryKey("teams.show", { team: 3 });

  it("a token change refreshes the tokens list (a POST read, keyed by its path)", () => {
    const tokens = api.queryKey("tokens");
    for (const change of [
      "create-token",
      "revoke-token",
      "roll-token",
      "flush-tokens",
    ] as const)
      expect(isStaleAfter(change, tokens), change).toBe(true);
  });

  it("renaming or deleting a passkey refreshes the passkeys, not the browser sessions", () => {
    const passkeys = api.queryKey("passkeys");
    expect(isStaleAfter("passkey-update", passkeys)).toBe(true);
    expect(isStaleAfter("passkey-destroy", passkeys)).toBe(true);
    expect(isStaleAfter("passkey-destroy", api.queryKey("sessions"))).toBe(
      false,
    );
  });

  it("a password confirmed refreshes the step-up's status", () => {
    expect(
      isStaleAfter(
        "confirm-password",
        api.queryKey("confirmed-password-status"),
      ),
    ).toBe(true);
  });

  it("a team's member changes reach its page by path; an invitation's needs `stale`", () => {
    expect(isStaleAfter("team-members.store", team)).toBe(true);
    expect(isStaleAfter("teams.update", team)).toBe(true);
    // The invitation's route lies under /team-invitations: the screens name teams.show as well.
    expect(isStaleAfter("team-invitations.destroy", team)).toBe(false);
    expect(isStaleAfter("teams.show", team)).toBe(true);
  });

  it("naming get-auth among the stale routes reaches the session and nothing else", () => {
    expect(isStaleAfter("get-auth", session)).toBe(true);
    expect(isStaleAfter("get-auth", api.queryKey("tokens"))).toBe(false);
    expect(isStaleAfter("get-auth", team)).toBe(false);
    // A team change alone does not reach it: the shared option names it.
    expect(isStaleAfter("team-members.store", session)).toBe(false);
    expect(isStaleAfter("current-team.update", session)).toBe(false);
  });

  it("an administrator's change to a user refreshes the list and that user's tokens", () => {
    const tokens = api.queryKey("api.admin.users.tokens.index", { id: 7 });
    const page = api.queryKey("api.admin.users.index", {
      search: "",
      page: 1,
      status: "active",
      per_page: 15,
    });
    for (const change of [
      "api.admin.users.destroy",
      "api.admin.users.restore",
      "api.admin.users.two-factor.destroy",
    ] as const) {
      expect(isStaleAfter(change, page), change).toBe(true);
      expect(isStaleAfter(change, tokens), change).toBe(true);
    }
  });
});
