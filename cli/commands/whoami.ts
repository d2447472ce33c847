import "server-only";
import { CliError, type CliCommand, withRemote } from "@/cli/context";
import {
  CREDENTIALS_OPTION,
  credentialsPath,
  readCredentials,
  saveCredentials,
} from "@/cli/remote/credentials";
import { discoverServer, refreshIfExpired, reason } from "@/cli/remote/server";

/** The answer of get-auth (contract §2) this command reads. */
type GetAuth = {
  authenticated?: boolean;
  user?: { id?: number; name?: string; email?: string } | null;
};

/** The contract's get-auth under the default route prefix (decision record 073). */
const GET_AUTH_PATH = "/auth/get-auth";

/**
 * `whoami`: the user the stored access token names, asked of the server (get-auth with the
 * bearer token); an expired access token is first refreshed, and the new tokens kept.
 */
export const whoamiCommand: CliCommand = (program, io) => {
  program
    .command("whoami")
    .description(
      "print who the stored credentials sign in as, asked of the server (refreshing an expired token)",
    )
    .option(...CREDENTIALS_OPTION)
    .action(
      withRemote(io, async (cli, options: { credentials?: string }) => {
        const file = credentialsPath(cli.environment, options.credentials);
        let credentials = readCredentials(file);
        const server = await discoverServer(credentials.server);
        const refreshed = await refreshIfExpired(
          server,
          credentials,
          new Date(),
        );
        if (refreshed) {
          saveCredentials(file, refreshed);
          credentials = refreshed;
        }
        let answer: GetAuth;
        try {
          const response = await fetch(`${server.url}${GET_AUTH_PATH}`, {
            headers: {
              accept: "application/json",
              authorization: `Bearer ${credentials.access_token}`,
            },
          });
          if (!response.ok)
            throw new Error(`${GET_AUTH_PATH} answered ${response.status}`);
          answer = (await response.json()) as GetAuth;
        } catch (error) {
          throw new CliError(`Cannot ask ${server.url}: ${reason(error)}`);
        }
        if (!answer.authenticated || !answer.user)
          throw new CliError(
            `${server.url} does not accept the stored token (revoked?): run \`login\` again.`,
          );
        cli.print(
          `${answer.user.email ?? "(no email)"} (${answer.user.name ?? "no name"}, user ${answer.user.id ?? "?"}) on ${server.url}`,
        );
      }),
    );
};
