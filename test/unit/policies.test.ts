import { afterEach, describe, expect, it } from "vitest";
import {
  allows,
  defineAbility,
  defineDefaultAbility,
  hasAbility,
  IMPERSONATE_ABILITY,
  resetAbilities,
} from "@/lib/policies/abilities";
import {
  canManageAccount,
  type PolicyUser,
  userPolicy,
} from "@/lib/policies/user-policy";

const admin: PolicyUser = { id: 1, isAdmin: true };
const otherAdmin: PolicyUser = { id: 2, isAdmin: true };
const user: PolicyUser = { id: 3, isAdmin: false };
const otherUser: PolicyUser = { id: 4, isAdmin: false };

afterEach(() => resetAbilities());

describe("user policy (contract §4 User policy of the host)", () => {
  it.each(["viewAny", "index", "create", "export"] as const)(
    "%s: admins only",
    (ability) => {
      expect(userPolicy[ability](admin)).toBe(true);
      expect(userPolicy[ability](user)).toBe(false);
    },
  );

  it("view: admins and the user themself", () => {
    expect(userPolicy.view(admin, otherUser)).toBe(true);
    expect(userPolicy.view(admin, otherAdmin)).toBe(true);
    expect(userPolicy.view(admin, admin)).toBe(true);
    expect(userPolicy.view(user, user)).toBe(true);
    expect(userPolicy.view(user, otherUser)).toBe(false);
    expect(userPolicy.view(user, admin)).toBe(false);
  });

  it("update: the user themself, and admins for accounts that are not another admin's (decision 011)", () => {
    expect(userPolicy.update(admin, otherUser)).toBe(true);
    expect(userPolicy.update(admin, admin)).toBe(true);
    expect(userPolicy.update(admin, otherAdmin)).toBe(false);
    expect(userPolicy.update(user, user)).toBe(true);
    expect(userPolicy.update(user, otherUser)).toBe(false);
    expect(userPolicy.update(user, admin)).toBe(false);
  });

  it.each(["delete", "restore", "manage"] as const)(
    "%s: admins, never their own account nor another admin's (decision 011)",
    (ability) => {
      expect(userPolicy[ability](admin, user)).toBe(true);
      expect(userPolicy[ability](admin, otherAdmin)).toBe(false);
      expect(userPolicy[ability](admin, admin)).toBe(false);
      expect(userPolicy[ability](user, user)).toBe(false);
      expect(userPolicy[ability](user, otherUser)).toBe(false);
    },
  );

  it("canManageAccount is the one rule behind them and the impersonate ability", async () => {
    for (const [actor, target] of [
      [admin, user],
      [admin, otherAdmin],
      [admin, admin],
      [user, otherUser],
    ] as const) {
      expect(await allows(actor, IMPERSONATE_ABILITY, target)).toBe(
        canManageAccount(actor, target),
      );
    }
  });

  it("forceDelete: nobody, admins included", () => {
    expect(userPolicy.forceDelete()).toBe(false);
  });
});

describe("the laravel-auth.impersonate ability (contract §2 Ability)", () => {
  it("by default: admins; with a target, neither themself nor another admin", async () => {
    expect(await allows(admin, IMPERSONATE_ABILITY)).toBe(true);
    expect(await allows(admin, IMPERSONATE_ABILITY, user)).toBe(true);
    expect(await allows(admin, IMPERSONATE_ABILITY, admin)).toBe(false);
    expect(await allows(admin, IMPERSONATE_ABILITY, otherAdmin)).toBe(false);
    expect(await allows(user, IMPERSONATE_ABILITY)).toBe(false);
    expect(await allows(user, IMPERSONATE_ABILITY, otherUser)).toBe(false);
  });

  it("the application's definition replaces the default", async () => {
    defineAbility(
      IMPERSONATE_ABILITY,
      (actor: PolicyUser, target?: PolicyUser) =>
        actor.id === 3 && target?.id !== 1,
    );
    expect(await allows(user, IMPERSONATE_ABILITY, otherUser)).toBe(true);
    expect(await allows(user, IMPERSONATE_ABILITY, admin)).toBe(false);
    expect(await allows(admin, IMPERSONATE_ABILITY, user)).toBe(false);
  });

  it("an application's definition wins even when the default is registered after it", async () => {
    defineAbility("app.first", () => false);
    defineDefaultAbility("app.first", () => true);
    expect(await allows(admin, "app.first")).toBe(false);
    resetAbilities();
    expect(await allows(admin, "app.first")).toBe(true);
  });

  it("an undefined ability allows nothing; an async check is awaited", async () => {
    expect(hasAbility("nothing")).toBe(false);
    expect(await allows(admin, "nothing")).toBe(false);
    defineAbility("later", async (actor: PolicyUser) => actor.isAdmin);
    expect(await allows(admin, "later")).toBe(true);
    expect(await allows(user, "later")).toBe(false);
  });
});
