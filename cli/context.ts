import "server-only";
import type { Command } from "commander";
import { ConfigError } from "@/lib/config/errors";
import { type Env, loadEnv } from "@/lib/env";
import { validationBody } from "@/lib/server/error-response";
import { HttpError, ValidationError } from "@/lib/http/errors";
import { translate } from "@/lib/i18n/catalog";
import {
  createLogger,
  rootLogger,
  setRootLogger,
} from "@/lib/observability/logger";
import type { Services } from "@/lib/server/services";

/** What a command runs with: the application's services over its database, and where to print. */
export type CliContext = {
  services: Services;
  /** Also what the commands read as the process's environment (OLD_SESSION_SECRET…). */
  environment: Record<string, string | undefined>;
  now: Date;
  /** A line of what was done, on stdout. */
  print(line: string): void;
  /** A document on stdout (export), nothing else around it. */
  printJson(value: unknown): void;
  stdin: () => Promise<string>;
};

/** One command of the command line: adds itself (arguments, options, action) to the program. */
export type CliCommand = (program: Command, io: Io) => void;

/** Refused input: printed as it is, exit code 1 (runCommandLine, cli/program.ts). */
export class CliError extends Error {}

export type Io = {
  environment: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The whole of standard input (a password given with --password-stdin). */
  stdin: () => Promise<string>;
};

/** The message an operator reads for an error: the validation messages, the configuration key, or the error's own. */
export function describeFailure(error: unknown): string {
  if (error instanceof ValidationError)
    return Object.values(validationBody(error, "en").errors).flat().join("\n");
  if (error instanceof HttpError)
    return translate("en", error.messageKey, error.replacements);
  if (error instanceof ConfigError || error instanceof CliError)
    return error.message;
  return `failed: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Wraps a command's action: opens the services (migrations applied, settings read) on the
 * database of the environment (PGlite in DATA_DIR, or DATABASE_URL), runs it, closes the
 * database. The application's log lines meanwhile (warnings only) go to the command's stderr:
 * stdout carries its output, an export's JSON. A refused input or a failure propagates to
 * runCommandLine (cli/program.ts), which prints it.
 */
export function withServices<A extends unknown[]>(
  io: Io,
  action: (cli: CliContext, ...args: A) => Promise<void>,
) {
  return async (...args: A): Promise<void> => {
    const processLogger = rootLogger();
    setRootLogger(createLogger("warn", { write: io.stderr }));
    let services: Services | undefined;
    try {
      // Loaded here, not at the top: the whole server is a thousand modules, which `--help` and
      // the commands that only speak HTTP (login, whoami, logout) never need (docs/operating.md,
      // "Command line").
      const [{ createServices }, { reloadSettings }] = await Promise.all([
        import("@/lib/runtime/services"),
        import("@/lib/settings/store"),
      ]);
      services = createServices({ ...io.environment, QUEUE_WORKER: "false" });
      await services.database.migrate();
      await reloadSettings(services);
      const cli: CliContext = {
        services,
        environment: io.environment,
        now: services.now(),
        print: (line) => io.stdout(`${line}\n`),
        printJson: (value) => io.stdout(`${JSON.stringify(value, null, 2)}\n`),
        stdin: io.stdin,
      };
      await action(cli, ...args);
    } finally {
      await services?.database.close().catch(() => {});
      setRootLogger(processLogger);
    }
  };
}

/**
 * Wraps an action that must not open the services (the backup of a database a running server
 * holds): it gets the validated environment and a way to print; errors as withServices.
 */
export function withEnvironment<A extends unknown[]>(
  io: Io,
  action: (
    cli: { env: Env; print(line: string): void },
    ...args: A
  ) => Promise<void>,
) {
  return async (...args: A): Promise<void> =>
    action(
      {
        env: loadEnv(io.environment),
        print: (line) => io.stdout(`${line}\n`),
      },
      ...args,
    );
}

/**
 * Wraps an action that talks HTTP to a running server (login, whoami, logout): no database and no
 * server environment, only the process's variables and a way to print; errors as withServices.
 */
export function withRemote<A extends unknown[]>(
  io: Io,
  action: (
    cli: {
      environment: Record<string, string | undefined>;
      print(line: string): void;
    },
    ...args: A
  ) => Promise<void>,
) {
  return async (...args: A): Promise<void> =>
    action(
      {
        environment: io.environment,
        print: (line) => io.stdout(`${line}\n`),
      },
      ...args,
    );
}
