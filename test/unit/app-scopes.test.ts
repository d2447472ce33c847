import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ACTION_NAMES,
  AUTH_ACTIONS,
  type AuthAction,
} from "@/lib/contract/auth-actions";
import { SCOPES } from "@/lib/oauth/scopes";
import { HOST_ROUTES } from "@/lib/runtime/routes";

// Decision record 082: what an app's token may reach is declared on the rows, and docs/tokens.md says it.
type Row = {
  label: string;
  ability: string | null;
  appScopes: readonly string[];
  admin: boolean;
};

const ROWS: Row[] = [
  ...ACTION_NAMES.map((action) => {
    const row: AuthAction = AUTH_ACTIONS[action];
    return {
      label: action,
      ability: row.ability,
      appScopes: row.appScopes ?? [],
      admin: row.middleware.includes("admin"),
    };
  }),
  ...HOST_ROUTES.map((route) => ({
    label: `${Array.isArray(route.method) ? route.method.join("/") : route.method} ${route.path}`,
    ability: route.ability,
    appScopes: route.appScopes ?? [],
    admin: route.middleware.includes("admin"),
  })),
];

describe("the scopes an app's token needs, on the rows (decision record 082)", () => {
  it("asks `admin` of every bearer on every administrator's route, reads included", () => {
    const open = ROWS.filter((row) => row.admin && row.ability !== "admin");
    expect(open.map((row) => row.label)).toEqual([]);
  });

  it("names only scopes the server grants", () => {
    const unknown = ROWS.flatMap((row) =>
      row.appScopes.filter((scope) => !Object.hasOwn(SCOPES, scope)),
    );
    expect(unknown).toEqual([]);
  });

  it('is the table docs/tokens.md "Token abilities" shows', () => {
    const guide = readFileSync(
      path.resolve(import.meta.dirname, "../../docs/tokens.md"),
      "utf8",
    );
    const start = guide.indexOf(
      "| scope | routes an app's token may read with it |",
    );
    const table = guide.slice(start).split("\n\n")[0] ?? "";
    const listed = new Map<string, string[]>();
    for (const line of table.split("\n").slice(2)) {
      const [scopes = "", routes = ""] = line.split(" | ");
      if (scopes.includes("admin")) continue;
      const names = [...routes.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
      for (const scope of [...scopes.matchAll(/`([^`]+)`/g)].map(
        (m) => m[1] ?? "",
      ))
        listed.set(
          scope,
          names.filter((name) => ROWS.some((row) => row.label === name)).sort(),
        );
    }
    const declared = new Map<string, string[]>();
    for (const row of ROWS)
      for (const scope of row.appScopes)
        declared.set(scope, [...(declared.get(scope) ?? []), row.label].sort());
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(declared));
  });
});
