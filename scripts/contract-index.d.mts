// Types of scripts/contract-index.mjs, for the test that checks lib/contract/feature-modules.ts.
export const CONTRACT_INDEX: string;
export function renderContractIndex(root?: string): Promise<string>;
