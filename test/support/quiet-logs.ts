import { beforeEach } from "vitest";
import { createLogger, setRootLogger } from "@/lib/observability/logger";

// A passing run prints its results, not the application's log lines (issue 51): the lines a test
// makes (warnings and errors) are kept in memory and printed only when that test fails, where
// they tell why. Tests that check a line capture their own (test/support/logs.ts).
const lines: string[] = [];
setRootLogger(createLogger("warn", { write: (line) => void lines.push(line) }));

beforeEach(({ onTestFailed }) => {
  lines.length = 0;
  onTestFailed(() => {
    if (lines.length > 0)
      console.error(
        `the application's warnings and errors during this test:\n${lines.join("")}`,
      );
  });
});

// Node's one warning when a TLS connection starts with NODE_TLS_REJECT_UNAUTHORIZED=0: the files
// that serve documents over HTTPS with a self-signed certificate set it for their own run
// (test/support/document-host.ts). They mean it, so a passing run does not print it.
// Once per process: this setup file runs before every file of it (decision record 079).
const QUIET = Symbol.for("test-support.quiet-tls-warning");
const marked = process as { [QUIET]?: true };
if (!marked[QUIET]) {
  marked[QUIET] = true;
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === "string" ? warning : warning.message;
    if (text.includes("NODE_TLS_REJECT_UNAUTHORIZED")) return;
    (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}
