import "server-only";
import type { CliCommand } from "@/cli/context";
import { backupCommands } from "@/cli/commands/backup";
import { createUserCommand } from "@/cli/commands/create-user";
import { deleteUserCommand } from "@/cli/commands/delete-user";
import { exportUserCommand } from "@/cli/commands/export-user";
import { loginCommand } from "@/cli/commands/login";
import { logoutCommand } from "@/cli/commands/logout";
import { migrateCommand } from "@/cli/commands/migrate";
import { oauthKeysCommand } from "@/cli/commands/oauth-keys";
import { oauthResourceCommands } from "@/cli/commands/oauth-resources";
import { pruneCommand } from "@/cli/commands/prune";
import { reencryptCommand } from "@/cli/commands/reencrypt";
import { settingCommand } from "@/cli/commands/setting";
import { teamCommands } from "@/cli/commands/teams";
import { whoamiCommand } from "@/cli/commands/whoami";

/**
 * Every command of `npm run auth`, one file each; a new command adds its line here. A command's
 * file declares it with light imports only and imports what its action runs inside the action:
 * the program is built whole before any command runs (test/cli/start-up.test.ts).
 */
export const COMMANDS: readonly CliCommand[] = [
  createUserCommand,
  pruneCommand,
  exportUserCommand,
  deleteUserCommand,
  reencryptCommand,
  settingCommand,
  migrateCommand,
  backupCommands,
  oauthKeysCommand,
  oauthResourceCommands,
  loginCommand,
  whoamiCommand,
  logoutCommand,
  teamCommands,
];
