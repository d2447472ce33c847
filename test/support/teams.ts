import { ADD_MEMBER, CREATE_TEAM } from "@/lib/teams/routes";
import type { Agent } from "./agent";
import type { TestApp } from "./app";
import { signIn } from "./app";

/** Jetstream's editor stub role and a read-only one, for the permission rules (records 106, 110). */
const EDITOR_AND_VIEWER_ROLES = [
  {
    key: "editor",
    name: "Editor",
    permissions: ["read", "create", "update"],
    description: "Editors.",
  },
  { key: "viewer", name: "Viewer", permissions: ["read"], description: "." },
];

/** Teams on, invitations off, with EDITOR_AND_VIEWER_ROLES: useTestApp's configuration. */
export const TEAMS_WITH_ROLES = {
  auth: {
    teams: {
      enabled: true,
      invitations: false,
      roles: EDITOR_AND_VIEWER_ROLES,
    },
  },
};

/** `teamWithMember` with the accounts `owner{round}@` and `member{round}@example.com`. */
export const teamOfRound = (app: TestApp, role = "editor", round = 0) =>
  teamWithMember(
    app,
    {
      owner: `owner${round}@example.com`,
      member: `member${round}@example.com`,
    },
    role,
  );

/**
 * A new account owning a team named `name` (POST /teams), and `member`'s account added to it with
 * `role` (teams on, `teams.invitations` off): the ids and the owner's session.
 */
export async function teamWithMember(
  app: TestApp,
  emails: { owner: string; member: string },
  role = "editor",
  name = "Acme",
) {
  const owner = await app.createUser({ email: emails.owner });
  const member = await app.createUser({ email: emails.member });
  const ownerAgent: Agent = await signIn(app, owner);
  const created = await ownerAgent.post(
    "/teams",
    { name },
    { host: CREATE_TEAM },
  );
  if (created.status !== 200)
    throw new Error(`team: ${created.status} ${created.text}`);
  const team = created.body.team.id as number;
  const added = await ownerAgent.post(
    `/teams/${team}/members`,
    { email: member.email, role },
    { host: ADD_MEMBER, params: { team: String(team) } },
  );
  if (added.status !== 200)
    throw new Error(`member: ${added.status} ${added.text}`);
  return { owner, member, ownerAgent, team };
}
