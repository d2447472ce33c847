import {
  createLogger,
  rootLogger,
  setRootLogger,
} from "@/lib/observability/logger";
import type { LogLevel } from "@/lib/env";

export type LogLine = Record<string, unknown> & { level: string; msg: string };

export type CapturedLogs = {
  /** Every line written since the capture started, as written (after redaction and masking). */
  text(): string;
  lines(): LogLine[];
  restore(): void;
};

/** Sends the application's log lines (the real pino logger) to memory from now on. */
export function captureLogs(level: LogLevel = "debug"): CapturedLogs {
  const previous = rootLogger();
  const written: string[] = [];
  setRootLogger(
    createLogger(level, { write: (line: string) => void written.push(line) }),
  );
  return {
    text: () => written.join(""),
    lines: () => written.map((line) => JSON.parse(line) as LogLine),
    restore: () => setRootLogger(previous),
  };
}
