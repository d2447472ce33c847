import "server-only";
import type { Command } from "commander";
import { CliError, type CliCommand, withServices } from "@/cli/context";
import type { Db } from "@/db/client";

// Registered resources from the command line (decision record 101): the same checks and rows as
// the administrators' routes (lib/oauth/registered-resources.ts), for an operator setting up an
// API or an MCP server on another origin before anyone signs in.

type FieldOptions = {
  scope: string[];
  client: string[];
  tokenMinutes?: string;
  exchangeClient?: string;
  exchangeScope: string[];
};

const collect = (value: string, previous: string[]) => [...previous, value];

/** `name=description`, or a bare name described by itself. */
function scopeOf(text: string) {
  const at = text.indexOf("=");
  return at < 0
    ? { name: text, description: text }
    : { name: text.slice(0, at), description: text.slice(at + 1) };
}

/** The options every command that sets a resource's fields takes. */
function fieldOptions(command: Command): Command {
  return command
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
    .option(
      "--exchange-client <id>",
      "the confidential client that is its server, which may exchange its tokens for this API's (RFC 8693)",
    )
    .option(
      "--exchange-scope <scope>",
      "a scope of this API its server may exchange for (repeat for more)",
      collect,
      [],
    );
}

/** The options as the API's fields, for its schema to judge. */
const fieldsOf = (options: FieldOptions) => ({
  scopes: options.scope.map(scopeOf),
  clients: options.client.length > 0 ? options.client : null,
  token_minutes:
    options.tokenMinutes === undefined
      ? null
      : /^\d{1,7}$/.test(options.tokenMinutes)
        ? Number(options.tokenMinutes)
        : options.tokenMinutes,
  exchange_client: options.exchangeClient ?? null,
  exchange_scopes: options.exchangeScope,
});

/** The fields the schema accepted, as lib/oauth/registered-resources.ts takes them. */
const registrationOf = (input: {
  scopes: { name: string; description: string }[];
  clients?: string[] | null;
  token_minutes?: number | null;
  exchange_client?: string | null;
  exchange_scopes?: string[] | null;
}) => ({
  scopes: input.scopes,
  clients: input.clients ?? null,
  tokenMinutes: input.token_minutes ?? null,
  exchangeClient: input.exchange_client ?? null,
  exchangeScopes: input.exchange_scopes ?? [],
});

function createCommand(program: Command, io: Parameters<CliCommand>[1]) {
  fieldOptions(
    program
      .command("oauth:resource:create")
      .description(
        "register a protected resource (an API or MCP server on another origin) this server issues tokens for; prints its id",
      )
      .argument("<identifier>", "its RFC 8707 identifier, an https URL")
      .argument("<name>", "its name, as administrators see it"),
  ).action(
    withServices(
      io,
      async (cli, identifier: string, name: string, options: FieldOptions) => {
        const { parseInput } = await import("@/lib/validation/parse");
        const { resourceInputSchema } =
          await import("@/lib/contract/oauth/resources");
        const { registerResource } =
          await import("@/lib/oauth/registered-resources");
        const input = parseInput(resourceInputSchema, {
          identifier,
          name,
          ...fieldsOf(options),
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
            ...registrationOf(input),
          },
        );
        cli.print(String(row.id));
      },
    ),
  );
}

/** A resource by its id or its identifier, else a CliError. */
async function resourceNamed(db: Db, resource: string) {
  const { findRegisteredResource, findResource } =
    await import("@/lib/oauth/registered-resources");
  const row = /^\d+$/.test(resource)
    ? await findResource(db, resource).catch(() => null)
    : await findRegisteredResource(db, resource);
  if (!row) throw new CliError(`There is no resource ${resource}.`);
  return row;
}

function updateCommand(program: Command, io: Parameters<CliCommand>[1]) {
  fieldOptions(
    program
      .command("oauth:resource:update")
      .description(
        "replace a registered resource's name, scopes, clients, token life and exchange rights (what is not given is cleared, as the API's PUT); its identifier stays",
      )
      .argument("<resource>", "its id or its identifier")
      .option("--name <name>", "its new name (default: the one it has)"),
  ).action(
    withServices(
      io,
      async (
        cli,
        resource: string,
        options: FieldOptions & { name?: string },
      ) => {
        const { parseInput } = await import("@/lib/validation/parse");
        const { resourceFields } =
          await import("@/lib/contract/oauth/resources");
        const { z } = await import("zod");
        const { updateResource } =
          await import("@/lib/oauth/registered-resources");
        const db = cli.services.database.db;
        const row = await resourceNamed(db, resource);
        const input = parseInput(z.object(resourceFields), {
          name: options.name ?? row.name,
          ...fieldsOf(options),
        });
        await updateResource({ db, now: cli.now }, row, {
          name: input.name,
          ...registrationOf(input),
        });
        cli.print(`Updated the resource ${row.identifier}.`);
      },
    ),
  );
}

function listCommand(program: Command, io: Parameters<CliCommand>[1]) {
  program
    .command("oauth:resource:list")
    .description(
      "list the registered resources: id, identifier, name, scopes, clients, token life, exchange rights",
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
              row.exchangeClientId === null
                ? "no exchange"
                : `exchange by ${row.exchangeClientId}: ${(row.exchangeScopes ?? []).join(" ")}`,
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
        const { deleteResource } =
          await import("@/lib/oauth/registered-resources");
        const db = cli.services.database.db;
        const row = await resourceNamed(db, resource);
        await deleteResource(db, row);
        cli.print(`Deleted the resource ${row.identifier}.`);
      }),
    );
}

/** `oauth:resource:create`, `:update`, `:list` and `:delete`. */
export const oauthResourceCommands: CliCommand = (program, io) => {
  createCommand(program, io);
  updateCommand(program, io);
  listCommand(program, io);
  deleteCommand(program, io);
};
