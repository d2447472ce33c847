import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import * as oauth from "oauth4webapi";
import { CliError, type CliCommand, withRemote } from "@/cli/context";
import {
  CREDENTIALS_OPTION,
  credentialsPath,
  saveCredentials,
} from "@/cli/remote/credentials";
import {
  credentialsFrom,
  discoverServer,
  oauthErrorCode,
  reason,
  type RemoteServer,
} from "@/cli/remote/server";

/** RFC 8628 §3.5: each `slow_down` adds five seconds to the polling interval, for good. */
const SLOW_DOWN_SECONDS = 5;
/** §3.2: the interval when the server names none. */
const DEFAULT_INTERVAL_SECONDS = 5;

type Started = oauth.DeviceAuthorizationResponse;

/** Polls the token endpoint until the user answers: the tokens, or a CliError saying why not. */
async function awaitApproval(
  server: RemoteServer,
  client: oauth.Client,
  started: Started,
  print: (line: string) => void,
): Promise<oauth.TokenEndpointResponse> {
  let intervalSeconds = started.interval ?? DEFAULT_INTERVAL_SECONDS;
  for (;;) {
    await sleep(intervalSeconds * 1000);
    try {
      return await oauth.processDeviceCodeResponse(
        server.as,
        client,
        await oauth.deviceCodeGrantRequest(
          server.as,
          client,
          oauth.None(),
          started.device_code,
          server.options,
        ),
      );
    } catch (error) {
      switch (oauthErrorCode(error)) {
        case "authorization_pending":
          continue;
        case "slow_down":
          intervalSeconds += SLOW_DOWN_SECONDS;
          print(
            `The server asks to slow down: polling every ${intervalSeconds} s.`,
          );
          continue;
        case "access_denied":
          throw new CliError("The sign-in was denied in the browser.");
        case "expired_token":
          throw new CliError(
            "The code expired before it was approved: run `login` again.",
          );
        default:
          throw new CliError(`The sign-in failed: ${reason(error)}`);
      }
    }
  }
}

/**
 * `login`: signs this command line in to a running server with the device grant (RFC 8628), as
 * `gh auth login` does, and keeps the tokens in the credentials file (decision record 073).
 */
/**
 * The scopes a sign-in asks for: who the user is (`openid profile email`, what whoami reads from
 * get-auth, decision record 082), and what the person asked for besides.
 */
const withIdentity = (scope?: string) =>
  [...new Set(["openid", "profile", "email", ...(scope ?? "").split(" ")])]
    .filter(Boolean)
    .join(" ");

export const loginCommand: CliCommand = (program, io) => {
  program
    .command("login")
    .description(
      "sign in to a running server with a device code approved in the browser; keeps the tokens in the credentials file",
    )
    .option("--url <url>", "the server (default: APP_URL)")
    .option(
      "--client <id>",
      "a public OAuth client allowed the device grant (default: AUTH_CLI_CLIENT_ID)",
    )
    .option(
      "--scope <scopes>",
      'the scopes to ask for besides "openid profile email", which whoami reads, space-separated ("user:write")',
    )
    .option(...CREDENTIALS_OPTION)
    .action(
      withRemote(
        io,
        async (
          cli,
          options: {
            url?: string;
            client?: string;
            scope?: string;
            credentials?: string;
          },
        ) => {
          const env = cli.environment;
          const url =
            options.url ??
            env.APP_URL ??
            `http://localhost:${env.PORT ?? 3000}`;
          const clientId = options.client ?? env.AUTH_CLI_CLIENT_ID;
          if (!clientId)
            throw new CliError(
              "No client: pass --client or set AUTH_CLI_CLIENT_ID (a public client allowed the device grant, made at /admin/oauth-clients).",
            );
          const file = credentialsPath(env, options.credentials);
          const server = await discoverServer(url);
          const client: oauth.Client = { client_id: clientId };
          let started: Started;
          try {
            started = await oauth.processDeviceAuthorizationResponse(
              server.as,
              client,
              await oauth.deviceAuthorizationRequest(
                server.as,
                client,
                oauth.None(),
                { scope: withIdentity(options.scope) },
                server.options,
              ),
            );
          } catch (error) {
            throw new CliError(`The server refused to start: ${reason(error)}`);
          }
          cli.print(
            `Open ${started.verification_uri} and enter the code ${started.user_code}`,
          );
          if (started.verification_uri_complete)
            cli.print(`or open ${started.verification_uri_complete}`);
          cli.print("Waiting for the approval…");
          const answer = await awaitApproval(
            server,
            client,
            started,
            cli.print,
          );
          saveCredentials(
            file,
            credentialsFrom(
              answer,
              {
                server: server.url,
                client_id: clientId,
                scope: withIdentity(options.scope),
              },
              new Date(),
            ),
          );
          cli.print(`Signed in to ${server.url}; credentials in ${file}.`);
        },
      ),
    );
};
