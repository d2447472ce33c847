import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  ACCEPT_INVITATION_CONTRACT,
  ADD_MEMBER_CONTRACT,
  CANCEL_INVITATION_CONTRACT,
  CREATE_TEAM_CONTRACT,
  DELETE_TEAM_CONTRACT,
  REMOVE_MEMBER_CONTRACT,
  SHOW_TEAM_CONTRACT,
  SWITCH_TEAM_CONTRACT,
  UPDATE_MEMBER_CONTRACT,
  UPDATE_TEAM_CONTRACT,
} from "@/lib/contract/teams/routes";
import {
  createTeam,
  deleteTeam,
  switchTeam,
  updateTeam,
} from "@/lib/teams/team-endpoints";
import {
  addMember,
  removeMember,
  updateMemberRole,
} from "@/lib/teams/member-endpoints";
import { showTeam } from "@/lib/teams/show-endpoint";
import {
  acceptInvitation,
  cancelInvitation,
} from "@/lib/teams/invitation-endpoints";

// Jetstream's team routes at the site root (decision record 087): behind its `auth` and
// `verified`, then `teams` (404 while `teams.enabled` is off; after the guard, so a token's
// ability is checked as on every route). A token changes a team with `user:write`; the
// invitation link is a browser's, signed as Laravel signs it.
const team = ["auth:sanctum", "verified", "teams"];
const writes = { ability: "user:write", credential: "none" } as const;

export const CREATE_TEAM: HostRoute = {
  ...CREATE_TEAM_CONTRACT,
  endpoint: createTeam,
  middleware: team,
  ...writes,
};
// The team's page for its members (Jetstream's `teams.show`): any personal token reads it, as
// get-auth's `all_teams`; no app's token (no scope covers teams).
export const SHOW_TEAM: HostRoute = {
  ...SHOW_TEAM_CONTRACT,
  endpoint: showTeam,
  middleware: team,
  ability: null,
  credential: "none",
};
export const UPDATE_TEAM: HostRoute = {
  ...UPDATE_TEAM_CONTRACT,
  endpoint: updateTeam,
  middleware: team,
  ...writes,
};
export const DELETE_TEAM: HostRoute = {
  ...DELETE_TEAM_CONTRACT,
  endpoint: deleteTeam,
  middleware: team,
  ...writes,
};
export const SWITCH_TEAM: HostRoute = {
  ...SWITCH_TEAM_CONTRACT,
  endpoint: switchTeam,
  middleware: team,
  ...writes,
};
export const ADD_MEMBER: HostRoute = {
  ...ADD_MEMBER_CONTRACT,
  endpoint: addMember,
  middleware: [...team, "throttle:team-invitations"],
  ...writes,
};
export const UPDATE_MEMBER: HostRoute = {
  ...UPDATE_MEMBER_CONTRACT,
  endpoint: updateMemberRole,
  middleware: team,
  ...writes,
};
export const REMOVE_MEMBER: HostRoute = {
  ...REMOVE_MEMBER_CONTRACT,
  endpoint: removeMember,
  middleware: team,
  ...writes,
};
// Without `verified`: the endpoint itself requires the invited address proven, whatever
// `must-verify-email` says, and tells a browser so on the invitation screen instead of a bare 403.
export const ACCEPT_INVITATION: HostRoute = {
  ...ACCEPT_INVITATION_CONTRACT,
  endpoint: acceptInvitation,
  middleware: ["auth:sanctum", "teams", "laravel-signed"],
  ability: "session",
  credential: "none",
};
export const CANCEL_INVITATION: HostRoute = {
  ...CANCEL_INVITATION_CONTRACT,
  endpoint: cancelInvitation,
  middleware: team,
  ...writes,
};

export const TEAM_ROUTES: readonly HostRoute[] = [
  CREATE_TEAM,
  SHOW_TEAM,
  UPDATE_TEAM,
  DELETE_TEAM,
  SWITCH_TEAM,
  ADD_MEMBER,
  UPDATE_MEMBER,
  REMOVE_MEMBER,
  ACCEPT_INVITATION,
  CANCEL_INVITATION,
];
