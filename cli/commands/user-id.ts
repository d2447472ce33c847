import "server-only";
import { CliError } from "@/cli/context";

/** A user id argument: a positive integer, else a clear refusal. */
export function parseUserId(value: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(value))
    throw new CliError(
      `"${value}" is not a user id (a positive whole number).`,
    );
  return Number(value);
}
