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
