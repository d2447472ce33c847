import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PLACED } from "../../eslint.layers.mjs";

// Decision record 016: `npm run lint` fails on an upward import or an import cycle. The project's
// own ESLint configuration, through ESLint's Node API, on files placed in the folders they claim;
// cycles through dependency-cruiser (`npm run cycles`), as the lint runs it.
const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIds(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, {
    filePath: path.join(root, filePath),
  });
  return (result?.messages ?? []).map(
    (message) => message.ruleId ?? message.message,
  );
}

describe("the layers of lib/ (eslint.layers.mjs)", () => {
  it("refuses the framework importing a feature", async () => {
    const ids = await ruleIds(
      "lib/server/probe.ts",
      'import { attemptLogin } from "@/lib/auth/login";\nexport const probe = attemptLogin;\n',
    );
    expect(ids).toContain("import/no-restricted-paths");
  });

  it("refuses the base importing the framework, and a lower feature importing a higher one", async () => {
    expect(
      await ruleIds(
        "lib/http/probe.ts",
        'import type { Context } from "@/lib/server/context";\nexport type Probe = Context;\n',
      ),
    ).toContain("import/no-restricted-paths");
    expect(
      await ruleIds(
        "lib/users/probe.ts",
        'import { login } from "@/lib/auth/endpoints/login";\nexport const probe = login;\n',
      ),
    ).toContain("import/no-restricted-paths");
  });

  it("refuses the contract importing the configuration or a feature (decision record 113)", async () => {
    const upward = [
      'import type { AuthConfig } from "@/lib/config/auth";\nexport type Probe = AuthConfig;\n',
      'import { attemptLogin } from "@/lib/auth/login";\nexport const probe = attemptLogin;\n',
    ];
    for (const source of upward)
      expect(await ruleIds("lib/contract/probe.ts", source)).toContain(
        "import/no-restricted-paths",
      );
  });

  it("passes the configuration, a feature and the client reading the contract", async () => {
    const source =
      'import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";\nexport const probe = AUTH_ACTIONS;\n';
    for (const file of [
      "lib/config/probe.ts",
      "lib/auth/probe.ts",
      "lib/client/probe.ts",
    ])
      expect(await ruleIds(file, source)).toEqual([]);
  });

  it("refuses an import cycle (npm run cycles, .dependency-cruiser.cjs)", () => {
    // The fixtures are left out of the lint's walk; here they are the only files cruised.
    const run = spawnSync(
      path.join(root, "node_modules/.bin/depcruise"),
      [
        "--config",
        ".dependency-cruiser.cjs",
        "--exclude",
        "^node_modules",
        "--output-type",
        "err",
        "test/fixtures/layers",
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("no-cycle: test/fixtures/layers/cycle-a.ts");
  });

  it("passes a feature importing the framework and a lower feature", async () => {
    const source =
      'import type { Context } from "@/lib/server/context";\nimport { findUserById } from "@/lib/users/users";\nexport const probe = (ctx: Context) => findUserById(ctx.db, 1);\n';
    expect(await ruleIds("lib/auth/probe.ts", source)).toEqual([]);
  });

  it("places every folder and file of lib/ on a floor, so none escapes the rules", () => {
    const entries = readdirSync(path.join(root, "lib")).map(
      (entry) => `lib/${entry}`,
    );
    expect(entries.filter((entry) => !PLACED.includes(entry))).toEqual([]);
  });
});
