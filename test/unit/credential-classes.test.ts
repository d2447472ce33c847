import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTION_NAMES, AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import type { AuthConfig } from "@/lib/config/auth";
import {
  CREDENTIAL_CLASSES,
  CREDENTIAL_CLASS_NAMES,
  type CredentialClass,
} from "@/lib/contract/credential-classes";
import { SESSION_ONLY } from "@/lib/contract/token-abilities";
import { registerFeatureMiddleware } from "@/lib/runtime/services";
import { CREDENTIAL_NOTICES } from "@/lib/auth/credential-notice";
import { CREDENTIAL_GUARD } from "@/lib/server/credential-guard";
import type { ResolvedMiddleware } from "@/lib/server/middleware";
import { hostRouteMiddleware, middlewareTable } from "@/lib/server/route-rules";
import { TOKEN_ACCESS } from "@/lib/server/token-access";
import { HOST_ROUTES } from "@/lib/runtime/routes";

type Row = {
  key: string;
  credential: CredentialClass;
  ability: unknown;
  steps: ResolvedMiddleware[];
};

/** A configuration whose routes keep only what the table or the configuration gives them. */
const configWith = (middlewares: Record<string, string[]>) =>
  ({ routes: { middlewares } }) as unknown as AuthConfig;

const defaults = configWith(
  Object.fromEntries(
    ACTION_NAMES.map((action) => [
      action,
      [...AUTH_ACTIONS[action].middleware],
    ]),
  ),
);
// An operator's AUTH_CONFIG_JSON that clears every route's middleware: the class's rules stay.
const cleared = configWith(
  Object.fromEntries(ACTION_NAMES.map((action) => [action, []])),
);

function rows(config: AuthConfig): Row[] {
  const table = middlewareTable(config);
  return [
    ...ACTION_NAMES.map((action) => ({
      key: action,
      credential: AUTH_ACTIONS[action].credential,
      ability: AUTH_ACTIONS[action].ability,
      steps: table.get(action) ?? [],
    })),
    ...HOST_ROUTES.map((route) => ({
      key: route.name,
      credential: route.credential,
      ability: route.ability,
      steps: hostRouteMiddleware(route),
    })),
  ];
}

beforeAll(() => registerFeatureMiddleware());

// Decision record 028: one declaration per route decides its step-up, session-only, impersonation
// and notice rules; this walks every row of both tables, so a new route cannot forget one.
describe("credential classes over every route of both tables", () => {
  it("every row declares a known class", () => {
    for (const row of rows(defaults))
      expect(CREDENTIAL_CLASS_NAMES, row.key).toContain(row.credential);
  });

  it.each([
    ["the table's middleware", defaults],
    ["a configuration that clears every route's middleware", cleared],
  ])("applies each class's rules with %s", (_, config) => {
    for (const row of rows(config)) {
      const rules = CREDENTIAL_CLASSES[row.credential];
      const names = row.steps.map((step) => step.name);
      const access = row.steps.find((step) => step.name === TOKEN_ACCESS);
      if (rules.sessionOnly)
        expect(access?.args, `${row.key}: session only`).toMatchObject({
          ability: SESSION_ONLY,
        });
      const guard = row.steps.find((step) => step.name === CREDENTIAL_GUARD);
      const guarded =
        rules.stepUp ||
        rules.refusedWhileImpersonating ||
        rules.needsProvenAddress;
      if (!guarded) {
        expect(guard, `${row.key}: no guard for its class`).toBeUndefined();
        continue;
      }
      expect(guard?.args, `${row.key}: its class's guard`).toEqual(rules);
      // After the guard that finds the user and the token's check, before anything else.
      const at = names.indexOf(CREDENTIAL_GUARD);
      expect(names.lastIndexOf("auth"), row.key).toBeLessThan(at);
      expect(names.indexOf(TOKEN_ACCESS), row.key).toBeLessThan(at);
    }
  });

  it("declares the ability a session-only class means, so the API description and docs/api.md say it", () => {
    for (const row of rows(defaults))
      if (CREDENTIAL_CLASSES[row.credential].sessionOnly)
        expect(row.ability, row.key).toBe(SESSION_ONLY);
  });

  it("has the owner's notice, or a reason for none, for every row of a telling class", () => {
    for (const row of rows(defaults))
      if (CREDENTIAL_CLASSES[row.credential].notice)
        expect(Object.keys(CREDENTIAL_NOTICES), row.key).toContain(row.key);
  });

  it('is the table docs/api.md "Sensitive actions" shows', () => {
    const guide = readFileSync(
      path.resolve(import.meta.dirname, "../../docs/api.md"),
      "utf8",
    );
    const label = (key: string) => {
      const route = HOST_ROUTES.find((candidate) => candidate.name === key);
      if (!route) return key;
      const method = Array.isArray(route.method)
        ? route.method.join("/")
        : route.method;
      return `${method} ${route.path}`;
    };
    for (const name of CREDENTIAL_CLASS_NAMES) {
      if (name === "none") continue;
      const line = guide
        .split("\n")
        .find((candidate) => candidate.startsWith(`| \`${name}\` |`));
      const listed = [...(line?.split(" | ")[2] ?? "").matchAll(/`([^`]+)`/g)]
        .map((match) => match[1])
        .sort();
      const declared = rows(defaults)
        .filter((row) => row.credential === name)
        .map((row) => label(row.key))
        .sort();
      expect(listed, name).toEqual(declared);
    }
  });

  it("classes the actions the sensitive-actions review named", () => {
    const classOf = (key: string) =>
      rows(defaults).find((row) => row.key === key)?.credential;
    expect(classOf("passkey-registration-options")).toBe("adds");
    expect(classOf("passkey-store")).toBe("adds");
    expect(classOf("two-factor-secret-key")).toBe("reveals");
    expect(classOf("session-destroy")).toBe("removes");
    expect(classOf("create-token")).toBe("adds-with-password");
    expect(classOf("update-password")).toBe("changes-with-password");
    expect(classOf("api.app.user.export")).toBe("reveals");
    expect(classOf("api.admin.settings.update")).toBe("administers");
  });
});
