import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };
import type { LogLevel } from "@/lib/env";

// A last net under the rule that no full address is ever logged (decision record 019): whatever
// a message carries, `name@host` is written `***@host`.
const EMAIL = /[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;

/** Fields that never reach a log line, wherever a caller put them. */
const REDACTED = [
  "password",
  "password_confirmation",
  "old_password",
  "token",
  "secret",
  "authorization",
  "cookie",
  "email",
];

export function maskEmails(line: string): string {
  return line.replace(EMAIL, "***@$1");
}

const LINE = {
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label: string) => ({ level: label }) },
};

/** A pino logger writing JSON lines (or a readable stream in development) with the house redaction. */
export function createLogger(
  level: LogLevel,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      ...LINE,
      level,
      redact: {
        paths: [...REDACTED, ...REDACTED.map((key) => `*.${key}`)],
        censor: "[redacted]",
      },
      hooks: { streamWrite: maskEmails },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

const ACCESS = new WeakMap<Logger, Logger>();

/**
 * The logger of the one line each request writes (lib/observability/observe-request.ts): the
 * same destination and level as `root`, without the redaction and the address mask, whose cost
 * was a third of a guest's get-auth. That line's fields are fixed (route name, method, status,
 * duration, user id, address, request id) and none of them can hold a secret or an address;
 * anything else goes through `root`.
 */
export function accessLogger(root: Logger): Logger {
  let access = ACCESS.get(root);
  if (!access) {
    access = pino(
      { ...LINE, level: root.level },
      (root as unknown as Record<symbol, DestinationStream>)[
        pino.symbols.streamSym
      ],
    );
    ACCESS.set(root, access);
  }
  return access;
}

type Slot = { root: Logger };
const SLOT = Symbol.for("next-laravel-auth.logger");
const registry = globalThis as typeof globalThis & { [SLOT]?: Slot };

/** The process's logger (shared by every bundle of one server): JSON lines at `info` until configured. */
export function rootLogger(): Logger {
  registry[SLOT] ??= { root: createLogger("info") };
  return registry[SLOT].root;
}

/** Replaces the process's logger (start-up, from LOG_LEVEL; tests capture lines with their own destination). */
export function setRootLogger(logger: Logger): void {
  registry[SLOT] = { root: logger };
}

/**
 * The logger of a started server: LOG_LEVEL, and in development pino-pretty's readable lines in
 * process (no worker thread: the bundler would have to ship one).
 */
export async function configureLogging(
  level: LogLevel,
  readable: boolean,
): Promise<void> {
  if (!readable) return setRootLogger(createLogger(level));
  const { default: pretty } = await import("pino-pretty");
  setRootLogger(
    createLogger(
      level,
      pretty({
        colorize: true,
        sync: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname",
      }),
    ),
  );
}

/** What a log line says about an error: its innermost cause's kind, code and message, never a failed query's text or parameters. */
export function describeError(error: unknown): Record<string, unknown> {
  let current = error;
  for (
    let depth = 0;
    depth < 5 && (current as { cause?: unknown } | null)?.cause;
    depth++
  )
    current = (current as { cause: unknown }).cause;
  if (!(current instanceof Error)) return { message: String(current) };
  const code = (current as { code?: unknown }).code;
  return {
    type: current.name,
    ...(code === undefined ? {} : { code }),
    message: current.message,
    stack: current.stack,
  };
}
