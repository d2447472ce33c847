import "server-only";
import type { Command } from "commander";
import {
  CliError,
  type CliCommand,
  type CliContext,
  withServices,
} from "@/cli/context";

// Teams from the command line (docs/teams.md, "From the command line"): the same writes and rules
// as Jetstream's routes (lib/teams/writes.ts), the operator acting in the owner's place
// (decision record 100).

const AS_OPERATOR = (cli: CliContext) => ({
  causerId: null,
  ip: "cli",
  now: cli.now,
});

/** The active account of `address`, or a refusal naming it. */
async function accountOf(cli: CliContext, address: string) {
  const { findUserByEmail } = await import("@/lib/users/users");
  const user = await findUserByEmail(cli.services.database.db, address);
  if (!user) throw new CliError(`There is no user <${address}>.`);
  return user;
}

function createTeamCommand(program: Command, io: Parameters<CliCommand>[1]) {
  program
    .command("team:create")
    .description(
      "create a team (never a personal one) owned by the user of owner-email; prints its id",
    )
    .argument("<owner-email>", "the owner's email address")
    .argument("<name>", "the team's name")
    .action(
      withServices(io, async (cli, ownerEmail: string, name: string) => {
        const { z } = await import("zod");
        const { parseInput } = await import("@/lib/validation/parse");
        const { teamName } = await import("@/lib/teams/roles");
        const { createOwnedTeam } = await import("@/lib/teams/writes");
        const input = parseInput(z.object({ name: teamName }), { name });
        const owner = await accountOf(cli, ownerEmail);
        const team = await cli.services.database.db.transaction((tx) =>
          createOwnedTeam(tx, AS_OPERATOR(cli), owner.id, input.name),
        );
        cli.print(String(team.id));
      }),
    );
}

function addMemberCommand(program: Command, io: Parameters<CliCommand>[1]) {
  program
    .command("team:add-member")
    .description(
      "add a registered user to a team with a role, at once (decision record 100)",
    )
    .argument("<team-id>", "the team's id")
    .argument("<email>", "the new member's email address")
    .requiredOption("--role <key>", "a configured role (teams.roles)")
    .action(
      withServices(
        io,
        async (
          cli,
          teamId: string,
          email: string,
          options: { role: string },
        ) => {
          const roles = cli.services.config.teams.roles.map((role) => role.key);
          if (!roles.includes(options.role))
            throw new CliError(
              `There is no role ${options.role}; the roles are: ${roles.join(", ")}.`,
            );
          const { findTeam } = await import("@/lib/teams/store");
          const { addMembership, refuseAddition } =
            await import("@/lib/teams/writes");
          const user = await accountOf(cli, email);
          const id = /^[1-9][0-9]{0,17}$/.test(teamId) ? Number(teamId) : 0;
          await cli.services.database.db.transaction(async (tx) => {
            const team = await findTeam(tx, id, true).catch(() => {
              throw new CliError(`There is no team ${teamId}.`);
            });
            await refuseAddition(
              tx,
              team,
              user.email,
              cli.services.config.teams["max-members"],
            );
            await addMembership(
              tx,
              AS_OPERATOR(cli),
              team,
              user.id,
              options.role,
            );
          });
          cli.print(
            `Added <${user.email}> to team ${teamId} as ${options.role}.`,
          );
        },
      ),
    );
}

function listTeamsCommand(program: Command, io: Parameters<CliCommand>[1]) {
  program
    .command("team:list")
    .description(
      "list the teams a user owns or belongs to (every team without email)",
    )
    .argument("[email]", "a user's email address")
    .action(
      withServices(io, async (cli, email: string | undefined) => {
        const { allTeams, presentTeam } = await import("@/lib/teams/store");
        const db = cli.services.database.db;
        const listed = email
          ? await allTeams(db, (await accountOf(cli, email)).id)
          : await (async () => {
              const { teams } = await import("@/db/schema");
              const { asc } = await import("drizzle-orm");
              const rows = await db.select().from(teams).orderBy(asc(teams.id));
              return rows.map((team) => presentTeam(team));
            })();
        for (const team of listed)
          cli.print(
            [
              team.id,
              team.name,
              `owner ${team.user_id}`,
              team.personal_team ? "personal" : null,
              team.membership ? `role ${team.membership.role}` : null,
            ]
              .filter((part) => part !== null)
              .join("\t"),
          );
      }),
    );
}

/** `team:create`, `team:add-member` and `team:list`. */
export const teamCommands: CliCommand = (program, io) => {
  createTeamCommand(program, io);
  addMemberCommand(program, io);
  listTeamsCommand(program, io);
};
