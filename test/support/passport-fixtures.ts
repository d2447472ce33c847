import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Reference values made by Laravel Passport's real PHP libraries, beside the repository
 * (their README.md says how): keys, tokens, error bodies, tables.
 */
export const PASSPORT_FIXTURES = path.resolve(
  import.meta.dirname,
  "../../../shared/fixtures/passport",
);

export const readPassportFixture = (name: string): string =>
  readFileSync(path.join(PASSPORT_FIXTURES, name), "utf8");
