// Adds up the JSON reports of the CI's test runs and prints "N passed, N failed".
// A suite whose command failed without any failed test in its report (a crash, a file that did
// not load) counts one failure; so does each failed step that is not a test suite.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, stepFailures = "0"] = process.argv.slice(2);
const read = (name) =>
  existsSync(path.join(dir, name))
    ? readFileSync(path.join(dir, name), "utf8")
    : null;

function counts(name) {
  const text = read(`${name}.json`);
  if (!text) return { passed: 0, failed: 0 };
  const report = JSON.parse(text);
  if (name === "playwright") {
    const stats = report.stats ?? {};
    return {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
    };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
  };
}

let passed = 0;
let failed = Number(stepFailures);
for (const name of [
  "vitest-pglite",
  "vitest-postgres",
  "vitest-scale",
  "playwright",
]) {
  const exit = read(`${name}.exit`);
  if (exit === null) continue;
  const suite = counts(name);
  const crashed = Number(exit.trim()) !== 0 && suite.failed === 0 ? 1 : 0;
  console.log(
    `${name}: ${suite.passed} passed, ${suite.failed + crashed} failed`,
  );
  passed += suite.passed;
  failed += suite.failed + crashed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
