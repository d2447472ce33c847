// Adds up the JSON reports of the CI's test runs and prints "N passed, N failed".
// A suite whose command failed without any failed test in its report (a crash, a file that did
// not load) counts one failure; so does each failed step that is not a test suite.
// Before the totals it prints what failed, briefly: whoever reads only the end of the CI's
// output still learns which test failed and why.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, stepFailures = "0"] = process.argv.slice(2);
const read = (name) =>
  existsSync(path.join(dir, name))
    ? readFileSync(path.join(dir, name), "utf8")
    : null;

/** A suite's JSON report, parsed; null when it wrote none. */
function reportOf(name) {
  const text = read(`${name}.json`);
  return text ? JSON.parse(text) : null;
}

function counts(name, report) {
  if (!report) return { passed: 0, failed: 0 };
  if (name.startsWith("playwright")) {
    // A test that failed and then passed on its retry (playwright.config.ts: the retry records
    // the failure's trace) failed.
    const stats = report.stats ?? {};
    return {
      passed: stats.expected ?? 0,
      failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
  };
}

/** "file › test: first lines of the error" for each failure in a report, at most `limit`. */
function failures(name, report, limit = 10) {
  if (!report) return [];
  // The message's head says what failed; a server log appended to it ends with why.
  const brief = (message = "") => {
    const lines = String(message)
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .filter((line) => line.trim() && !/^\s*at .*node_modules/.test(line));
    const kept =
      lines.length > 10
        ? [...lines.slice(0, 4), "…", ...lines.slice(-6)]
        : lines;
    return kept.join("\n    ");
  };
  const found = [];
  if (name.startsWith("playwright")) {
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected" || test.status === "flaky")
            found.push(
              `${file} › ${spec.title}${test.status === "flaky" ? " (passed on its retry)" : ""}: ${brief(test.results?.find((result) => result.error)?.error?.message)}`,
            );
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of report.suites ?? [])
      walk(suite, suite.file ?? suite.title);
  } else {
    for (const file of report.testResults ?? []) {
      const where = path.relative(process.cwd(), file.name);
      const failed = (file.assertionResults ?? []).filter(
        (test) => test.status === "failed",
      );
      for (const test of failed)
        found.push(
          `${where} › ${test.fullName}: ${brief(test.failureMessages?.[0])}`,
        );
      // A file that failed outside its tests (a hook, an import) says so in its message.
      if (file.status === "failed" && failed.length === 0)
        found.push(`${where}: ${brief(file.message)}`);
    }
  }
  return found.length > limit
    ? [...found.slice(0, limit), `… and ${found.length - limit} more`]
    : found;
}

let passed = 0;
let failed = Number(stepFailures);
for (const name of [
  "vitest-pglite",
  "vitest-postgres",
  "vitest-scale",
  "playwright-first",
  "playwright-second",
]) {
  const exit = read(`${name}.exit`);
  if (exit === null) continue;
  const report = reportOf(name);
  const suite = counts(name, report);
  for (const failure of failures(name, report))
    console.log(`  ✗ ${name}: ${failure}`);
  const crashed = Number(exit.trim()) !== 0 && suite.failed === 0 ? 1 : 0;
  console.log(
    `${name}: ${suite.passed} passed, ${suite.failed + crashed} failed`,
  );
  passed += suite.passed;
  failed += suite.failed + crashed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
