import "server-only";
import * as oauth from "oauth4webapi";
import { type CliCommand, withRemote } from "@/cli/context";
import {
  CREDENTIALS_OPTION,
  credentialsPath,
  deleteCredentials,
  readCredentials,
} from "@/cli/remote/credentials";
import { discoverServer, reason } from "@/cli/remote/server";

/**
 * `logout`: revokes the stored tokens at the server's revocation endpoint (RFC 7009, when its
 * metadata names one; revoking the refresh token revokes its access token too), then deletes the
 * credentials file. The file goes even when the server cannot be reached, and the command says so.
 */
export const logoutCommand: CliCommand = (program, io) => {
  program
    .command("logout")
    .description(
      "revoke the stored tokens at the server and delete the credentials file",
    )
    .option(...CREDENTIALS_OPTION)
    .action(
      withRemote(io, async (cli, options: { credentials?: string }) => {
        const file = credentialsPath(cli.environment, options.credentials);
        const credentials = readCredentials(file);
        try {
          const server = await discoverServer(credentials.server);
          if (server.as.revocation_endpoint) {
            const client = { client_id: credentials.client_id };
            await oauth.processRevocationResponse(
              await oauth.revocationRequest(
                server.as,
                client,
                oauth.None(),
                credentials.refresh_token ?? credentials.access_token,
                {
                  ...server.options,
                  additionalParameters: {
                    token_type_hint: credentials.refresh_token
                      ? "refresh_token"
                      : "access_token",
                  },
                },
              ),
            );
            cli.print(`Revoked the tokens at ${server.url}.`);
          } else
            cli.print(
              `${server.url} names no revocation endpoint: the tokens stay valid until they expire.`,
            );
        } catch (error) {
          cli.print(
            `Could not revoke the tokens (${reason(error)}): they stay valid until they expire.`,
          );
        }
        deleteCredentials(file);
        cli.print(`Signed out: deleted ${file}.`);
      }),
    );
};
