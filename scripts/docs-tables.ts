// Writes the guides' generated tables (scripts/docs-tables/index.ts) from the code.
// Usage: npm run docs:tables
import { readFileSync, writeFileSync } from "node:fs";
import { DOC_TABLES } from "./docs-tables/index";
import { writeGenerated } from "./docs-tables/markers";

for (const { file, name, render } of DOC_TABLES) {
  writeFileSync(
    file,
    writeGenerated(readFileSync(file, "utf8"), name, render()),
  );
  console.log(`${file}: ${name}`);
}
