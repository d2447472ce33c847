import { describe, expect, it } from "vitest";
import { appView } from "@/lib/auth/app-view";
import { buildAuthConfig } from "@/lib/config/auth";
import {
  hasTeamPermission,
  TEAM_POLICY,
  type TeamStanding,
} from "@/lib/policies/teams";

// Jetstream's HasTeams::hasTeamPermission and TeamPolicy (decision record 087), on the default roles.
const roles = buildAuthConfig({}).teams.roles;
const owner: TeamStanding = { kind: "owner" };
const editor: TeamStanding = { kind: "member", role: "editor" };
const stranger: TeamStanding = { kind: "none" };

describe("team permissions", () => {
  it("grants the owner anything, a member the role's permissions, a stranger nothing", () => {
    expect(hasTeamPermission(owner, roles, "delete")).toBe(true);
    expect(hasTeamPermission(editor, roles, "update")).toBe(true);
    expect(hasTeamPermission(editor, roles, "delete")).toBe(false);
    expect(hasTeamPermission(stranger, roles, "read")).toBe(false);
    // A role no longer declared grants nothing.
    expect(
      hasTeamPermission({ kind: "member", role: "gone" }, roles, "read"),
    ).toBe(false);
  });

  it("reads Jetstream's wildcards, and a token's abilities narrow a member's", () => {
    const custom = [
      {
        key: "writer",
        name: "Writer",
        permissions: ["*:create"],
        description: "",
      },
    ];
    const writer: TeamStanding = { kind: "member", role: "writer" };
    expect(hasTeamPermission(writer, custom, "post:create")).toBe(true);
    expect(hasTeamPermission(writer, custom, "post:delete")).toBe(false);
    expect(
      hasTeamPermission(
        editor,
        roles,
        "update",
        (ability) => ability === "read",
      ),
    ).toBe(false);
  });

  it("lets only the owner manage the team, any member view it", () => {
    expect(TEAM_POLICY.view(editor)).toBe(true);
    expect(TEAM_POLICY.addTeamMember(editor)).toBe(false);
    expect(TEAM_POLICY.addTeamMember(owner)).toBe(true);
    expect(TEAM_POLICY.view(stranger)).toBe(false);
  });
});

describe("get-auth's team fields through an app's token", () => {
  it("are never shown to a third-party app, whatever its scopes; the owner's own view keeps them", () => {
    const user = { id: 1, name: "Ada", current_team_id: 3, all_teams: [] };
    const app = {
      user: null,
      via: "token" as const,
      token: null,
      oauthToken: { id: "t", clientId: "c", abilities: '["*"]', app: true },
    };
    expect(appView(app, user)).toEqual({ id: 1, name: "Ada" });
    expect(appView({ ...app, oauthToken: undefined }, user)).toEqual(user);
  });
});
