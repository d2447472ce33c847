import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { markdownTable } from "./markers";

// docs/decisions/README.md: the index of the decision records, from each record's title, Date
// and Status lines.
const FOLDER = path.resolve(import.meta.dirname, "../../docs/decisions");

export function decisionsTable(): string {
  const records = readdirSync(FOLDER)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort();
  return markdownTable(
    ["record", "date", "status"],
    records.map((name) => {
      const text = readFileSync(path.join(FOLDER, name), "utf8");
      const title = /^# (.+)$/m.exec(text)?.[1] ?? name;
      const date = /^Date: (\d{4}-\d{2}-\d{2})/m.exec(text)?.[1] ?? "";
      const status = /Status: ([^\n]+?)\.?$/m.exec(text)?.[1] ?? "";
      return [`[${title}](${name})`, date, status];
    }),
  );
}
