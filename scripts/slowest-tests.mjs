// Prints the slowest test files of a Vitest JSON report, with their share of the run:
//   npx vitest run --reporter=json --outputFile=/tmp/run.json && node scripts/slowest-tests.mjs /tmp/run.json
// A Playwright JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) is read too: its specs' files.
// Decision record 083 was measured with it; measure again before moving a file between lanes.
import { readFileSync } from "node:fs";
import path from "node:path";

const [file, limit = "25"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/slowest-tests.mjs <report.json> [count]");
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, "utf8"));
const root = process.cwd();

/** [file, seconds, tests] for each file of the report. */
function vitestFiles() {
  return report.testResults.map((result) => [
    path.relative(root, result.name),
    (result.endTime - result.startTime) / 1000,
    result.assertionResults.length,
  ]);
}

function playwrightFiles() {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? [spec.file, 0, 0];
      for (const test of spec.tests ?? [])
        for (const run of test.results ?? []) entry[1] += run.duration / 1000;
      entry[2] += spec.tests?.length ?? 0;
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return [...byFile.values()];
}

const files = (report.testResults ? vitestFiles() : playwrightFiles()).sort(
  (a, b) => b[1] - a[1],
);
const total = files.reduce((sum, [, seconds]) => sum + seconds, 0);
const tests = files.reduce((sum, [, , count]) => sum + count, 0);
console.log(
  `${files.length} files, ${tests} tests, ${total.toFixed(0)} s of file time`,
);
for (const [name, seconds, count] of files.slice(0, Number(limit)))
  console.log(
    `${seconds.toFixed(1).padStart(7)} s ${((100 * seconds) / total).toFixed(1).padStart(5)} %  ${String(count).padStart(4)} tests  ${name}`,
  );
