import "server-only";
import {
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { CliError } from "@/cli/context";

/** What `login` keeps: one server's tokens for one client (decision record 073). */
export const credentialsSchema = z.object({
  server: z.url(),
  client_id: z.string().min(1),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  /** When the access token expires, ISO 8601; absent when the server gave no `expires_in`. */
  expires_at: z.iso.datetime().optional(),
  scope: z.string().optional(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** `--credentials <file>`, the same on login, whoami and logout. */
export const CREDENTIALS_OPTION = [
  "--credentials <file>",
  "where the tokens are kept (default: AUTH_CLI_CREDENTIALS, else $XDG_CONFIG_HOME/next-laravel-auth/credentials.json)",
] as const;

/** The folder under the user's configuration directory (XDG Base Directory), named after the package. */
const APP_FOLDER = "next-laravel-auth";

/**
 * Where the credentials live: `--credentials`, else AUTH_CLI_CREDENTIALS, else
 * `$XDG_CONFIG_HOME/next-laravel-auth/credentials.json` (`~/.config` when unset).
 */
export function credentialsPath(
  environment: Record<string, string | undefined>,
  option?: string,
): string {
  const chosen = option ?? environment.AUTH_CLI_CREDENTIALS;
  if (chosen) return path.resolve(chosen);
  const config = environment.XDG_CONFIG_HOME || path.join(homedir(), ".config");
  return path.join(config, APP_FOLDER, "credentials.json");
}

/** The stored credentials; a missing or unreadable file is "not signed in". */
export function readCredentials(file: string): Credentials {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new CliError(`Not signed in (no ${file}): run \`login\` first.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const result = credentialsSchema.safeParse(parsed);
  if (!result.success)
    throw new CliError(
      `${file} does not hold credentials this command wrote: run \`login\` again.`,
    );
  return result.data;
}

/**
 * Writes the credentials readable by their owner only (0600, in a 0700 folder): a file of its own
 * renamed over the old one, so a reader never sees half a file and an old file's mode never stays.
 */
export function saveCredentials(file: string, credentials: Credentials): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(partial, `${JSON.stringify(credentials, null, 2)}\n`, {
    mode: 0o600,
    flag: "wx",
  });
  renameSync(partial, file);
}

export function deleteCredentials(file: string): void {
  rmSync(file, { force: true });
}
