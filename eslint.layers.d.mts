// Types of eslint.layers.mjs, for the test that reads its floors (test/unit/layers.test.ts).
import type { Linter } from "eslint";

export const PLACED: readonly string[];
export const layerRules: Linter.Config[];
