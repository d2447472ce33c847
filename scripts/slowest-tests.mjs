// Prints the slowest test files of a Vitest JSON report, with their share of the run:
//   npx vitest run --reporter=json --outputFile=/tmp/run.json && node scripts/slowest-tests.mjs /tmp/run.json
// A Playwright JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) is read too: its specs' files.
// Decision record 083 was measured with it; measure again before moving a file between lanes.
//   --tests            the slowest tests instead of files (Vitest): a test that waits out real time
//   --before old.json  each file beside its time in an earlier report of the same suite, sorted by
//                      what it saved, with the totals and the tests counted in each (decision
//                      record 114: two runs side by side on a shared machine compare fairly)
import { readFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const byTest = args.includes("--tests");
if (byTest) args.splice(args.indexOf("--tests"), 1);
const before = option("--before");
const [file, limit = "25"] = args;
if (!file) {
  console.error(
    "usage: node scripts/slowest-tests.mjs <report.json> [count] [--tests] [--before <old.json>]",
  );
  process.exit(2);
}
const read = (name) => JSON.parse(readFileSync(name, "utf8"));
// Files are named from the repository's root: the folder above the report's first `test/` or
// `lib/`, so two reports from two checkouts name the same file alike.
const rootOf = (report) => {
  const name = report.testResults?.[0]?.name ?? "";
  const at = name.search(/\/(test|lib|e2e)\//);
  return at < 0 ? process.cwd() : name.slice(0, at);
};
let root = process.cwd();

/** [file, seconds, tests] for each file of a Vitest report. */
function vitestFiles(report) {
  return report.testResults.map((result) => [
    path.relative(root, result.name),
    (result.endTime - result.startTime) / 1000,
    result.assertionResults.length,
  ]);
}

/** [file > test, seconds, 1] for each test of a Vitest report. */
function vitestTests(report) {
  return report.testResults.flatMap((result) =>
    result.assertionResults.map((test) => [
      `${path.relative(root, result.name)} > ${test.fullName}`,
      (test.duration ?? 0) / 1000,
      1,
    ]),
  );
}

function playwrightFiles(report) {
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

const rowsOf = (report) => {
  root = rootOf(report);
  return rowsOfRoot(report);
};
const rowsOfRoot = (report) =>
  !report.testResults
    ? playwrightFiles(report)
    : byTest
      ? vitestTests(report)
      : vitestFiles(report);
const sum = (rows, at) => rows.reduce((total, row) => total + row[at], 0);
const seconds = (value) => value.toFixed(1).padStart(7);

const rows = rowsOf(read(file)).sort((a, b) => b[1] - a[1]);
const total = sum(rows, 1);
const unit = byTest ? "tests" : "files";

if (before) {
  const old = new Map(rowsOf(read(before)).map((row) => [row[0], row]));
  const oldTotal = sum([...old.values()], 1);
  console.log(
    `${unit}: ${old.size} → ${rows.length}; tests: ${sum([...old.values()], 2)} → ${sum(rows, 2)}; ` +
      `${oldTotal.toFixed(0)} s → ${total.toFixed(0)} s of ${byTest ? "test" : "file"} time`,
  );
  const gone = [...old.keys()].filter(
    (name) => !rows.some(([n]) => n === name),
  );
  if (gone.length > 0) console.log(`not in the new report: ${gone.join(", ")}`);
  const compared = rows
    .map(([name, time, count]) => [name, old.get(name)?.[1] ?? 0, time, count])
    .sort((a, b) => b[1] - b[2] - (a[1] - a[2]));
  for (const [name, was, is, count] of compared.slice(0, Number(limit)))
    console.log(
      `${seconds(was)} s → ${seconds(is)} s  ${String(count).padStart(4)} tests  ${name}`,
    );
} else {
  console.log(
    `${rows.length} ${unit}, ${sum(rows, 2)} tests, ${total.toFixed(0)} s of ${byTest ? "test" : "file"} time`,
  );
  for (const [name, time, count] of rows.slice(0, Number(limit)))
    console.log(
      `${seconds(time)} s ${((100 * time) / total).toFixed(1).padStart(5)} %  ${String(count).padStart(4)} tests  ${name}`,
    );
}
