import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PLACED } from "../../eslint.layers.mjs";

// Decision record 016: `npm run lint` fails on an upward import or an import cycle. The project's
// own ESLint configuration, through ESLint's Node API, on files placed in the folders they claim.
const root = path.resolve(__dirname, "../..");
const eslint = new ESLint({ cwd: root, ignore: false });
// import/no-cycle reads the imported files back from disk, so it needs a real file: the fixtures.
const virtual = new ESLint({
  cwd: root,
  ignore: false,
  overrideConfig: { rules: { "import/no-cycle": "off" } },
});

async function ruleIds(filePath: string, source?: string): Promise<string[]> {
  const [result] =
    source === undefined
      ? await eslint.lintFiles([filePath])
      : await virtual.lintText(source, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map(
    (message) => message.ruleId ?? message.message,
  );
}

describe("the layers of lib/ (eslint.layers.mjs)", { timeout: 60_000 }, () => {
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

  it("refuses an import cycle", async () => {
    expect(await ruleIds("test/fixtures/layers/cycle-a.ts")).toContain(
      "import/no-cycle",
    );
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
