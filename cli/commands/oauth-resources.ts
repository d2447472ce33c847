import "server-only";
import type { Command } from "commander";
import { CliError, type CliCommand, withServices } from "@/cli/context";

// Registered resources from the command line (decision record 101): the same checks and rows as
// the administrators' routes (lib/oauth/registered-resources.ts), for an operator setting up an
// API or an MCP server on another origin before anyone signs in.

type CreateOptions = {
  scope: string[];
  client: string[];
  tokenMinutes?: string;
};

const collect = (value: string, previous: string[]) => [...previous, value];

/** `name=description`, or a bare name described by itself. */
function scopeOf(text: string) {
  const at = text.indexOf("=");
  return at < 0
    ? { name: text, description: text }
    : { name: text.slice(0, at), description: text.slice(at + 1) };
}

function createCommand(program: Command, io: Parameters<CliCommand>[1]) {
  program
    .command("oauth:resource:create")
    .description(
      "register a protected resource (an API or MCP server on another origin) this server issues tokens for; prints its id",
    )
    .argument("<identifier>", "its RFC 8707 identifier, an https URL")
    .argument("<name>", "its name, as administrators see it")
    .option(
      "--scope <name=description>",
      "a scope it defines (repeat for more)",
      collect,
      [],
    )
    .option(
      "--client <id>",
      "a client allowed to ask for it (repeat; none: any client)",
      collect,
      [],
    )
    .option(
      "--token-minutes <minutes>",
      "its access tokens' life (default: oauth.access-token-minutes)",
    )
    .action(
      withServices(
        io,
        async (
          cli,
          identifier: string,
          name: string,
          options: CreateOptions,
        ) => {
          const { parseInput } = await import("@/lib/validation/parse");
          const { resourceInputSchema } =
            await import("@/lib/contract/oauth/resources");
          const { registerResource } =
            await import("@/lib/oauth/registered-resources");
          const minutes = options.tokenMinutes;
          const input = parseInput(resourceInputSchema, {
            identifier,
            name,
            scopes: options.scope.map(scopeOf),
            clients: options.client.length > 0 ? options.client : null,
            token_minutes:
              minutes === undefined
                ? null
                : /^\d{1,7}$/.test(minutes)
                  ? Number(minutes)
                  : minutes,
          });
          const row = await registerResource(
            {
              db: cli.services.database.db,
              now: cli.now,
              env: cli.services.env,
            },
            {
              identifier: input.identifier,
              name: input.name,
              scopes: input.scopes,
              clients: input.clients ?? null,
              tokenMinutes: input.token_minutes ?? null,
            },
          );
          cli.print(String(row.id));
        },
      ),
    );
}

function listCommand(program: Command, io: Parameters<CliCommand>[1]) {
  program
    .command("oauth:resource:list")
    .description(
      "list the registered resources: id, identifier, name, scopes, clients",
    )
    .action(
      withServices(io, async (cli) => {
        const { listResources } =
          await import("@/lib/oauth/registered-resources");
        for (const row of await listResources(cli.services.database.db))
          cli.print(
            [
              row.id,
              row.identifier,
              row.name,
              row.scopes.map((scope) => scope.name).join(" ") || "-",
              row.allowedClients === null
                ? "any client"
                : row.allowedClients.join(" ") || "no client",
              row.accessTokenMinutes === null
                ? "default life"
                : `${row.accessTokenMinutes} minutes`,
            ].join("\t"),
          );
      }),
    );
}

function deleteCommand(program: Command, io: Parameters<CliCommand>[1]) {
  program
    .command("oauth:resource:delete")
    .description(
      "delete a registered resource (by id or identifier); its tokens can no longer be refreshed",
    )
    .argument("<resource>", "its id or its identifier")
    .action(
      withServices(io, async (cli, resource: string) => {
        const { deleteResource, findRegisteredResource, findResource } =
          await import("@/lib/oauth/registered-resources");
        const db = cli.services.database.db;
        const row = /^\d+$/.test(resource)
          ? await findResource(db, resource).catch(() => null)
          : await findRegisteredResource(db, resource);
        if (!row) throw new CliError(`There is no resource ${resource}.`);
        await deleteResource(db, row);
        cli.print(`Deleted the resource ${row.identifier}.`);
      }),
    );
}

/** `oauth:resource:create`, `oauth:resource:list` and `oauth:resource:delete`. */
export const oauthResourceCommands: CliCommand = (program, io) => {
  createCommand(program, io);
  listCommand(program, io);
  deleteCommand(program, io);
};
