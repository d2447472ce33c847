// Types of scripts/folder-graph.mjs, for the test that runs it (test/unit/contract-floor.test.ts).
export type LibModule = { file: string; source: string };
export type FolderCycle = { folders: string[]; imports: string[] };

export function readLib(root?: string): LibModule[];
export function folderEdges(
  modules: LibModule[],
): Map<string, Map<string, string>>;
export function folderCycles(
  edges: Map<string, Map<string, string>>,
): FolderCycle[];
