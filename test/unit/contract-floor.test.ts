import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  folderCycles,
  folderEdges,
  readLib,
} from "../../scripts/folder-graph.mjs";
import {
  CONTRACT_INDEX,
  renderContractIndex,
} from "../../scripts/contract-index.mjs";

// Decision record 113: the contract is the bottom floor of lib/, and no two folders of lib/ need
// each other, counting every import between them (type-only ones too).
const root = path.resolve(import.meta.dirname, "../..");

describe("the folder graph of lib/ (scripts/folder-graph.mjs)", () => {
  it("has no cycle between folders", () => {
    expect(folderCycles(folderEdges(readLib(root)))).toEqual([]);
  });

  it("finds the cycle of a route table that imports a feature's schemas", () => {
    // The shape the contract had in lib/config: the table read lib/teams/schemas, and lib/teams
    // reads the configuration.
    const modules = [
      {
        file: "lib/config/auth-actions.ts",
        source: 'import { teamSchema } from "@/lib/teams/schemas/team";\n',
      },
      {
        file: "lib/teams/store.ts",
        source: 'import type { AuthConfig } from "@/lib/config/auth";\n',
      },
      { file: "lib/env.ts", source: 'import "./config/errors";\n' },
    ];
    expect(folderCycles(folderEdges(modules))).toEqual([
      {
        folders: ["lib/config", "lib/teams"],
        imports: [
          "lib/config → lib/teams: lib/config/auth-actions.ts → @/lib/teams/schemas/team",
          "lib/teams → lib/config: lib/teams/store.ts → @/lib/config/auth",
        ],
      },
    ]);
  });

  it("keeps lib/contract on the bottom: it imports no other folder of lib/", () => {
    const contract = readLib(root).filter(({ file }) =>
      file.startsWith("lib/contract/"),
    );
    expect(contract.length).toBeGreaterThan(0);
    expect(folderEdges(contract).get("lib/contract")).toBeUndefined();
  });
});

describe("lib/contract/feature-modules.ts, read by the client through lib/contract/index.ts", () => {
  it("is the one module of lib/ that lib/client/contract.ts imports", () => {
    const [client] = readLib(root).filter(
      ({ file }) => file === "lib/client/contract.ts",
    );
    expect(
      [...(client?.source ?? "").matchAll(/from "([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(["zod", "@/lib/contract", "@/lib/contract"]);
  });

  it("lists every module of lib/contract/<feature>/ (npm run contract:index)", async () => {
    expect(readFileSync(path.join(root, CONTRACT_INDEX), "utf8")).toBe(
      await renderContractIndex(root),
    );
  });
});
