"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput, User } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";
import { useSettings } from "@/lib/client/settings-context";
import { useSession } from "@/lib/client/use-session";
import { hasTeamPermission } from "@/lib/policies/teams";

// The team screens' calls, Jetstream's routes typed by their rows (decision record 087).

/** The path of a team's settings screen. */
export const teamSettingsPath = (teamId: number) => `/admin/teams/${teamId}`;
export const CREATE_TEAM_PATH = "/admin/teams/create";

/** Teams are on when get-auth shares `all_teams` (only then: decision record 087). */
export const hasTeams = (
  user: User | null | undefined,
): user is User & { all_teams: NonNullable<User["all_teams"]> } =>
  Array.isArray(user?.all_teams);

/** GET /teams/{team}: the team, its people, the roles, and what this viewer may do. */
export function useTeam(teamId: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.team(teamId),
    queryFn: ({ signal }) =>
      api.call("teams.show", { team: teamId }, { signal }),
  });
}

/** A change to one team: its page and the session's `all_teams` read again. */
function useTeamMutation<Input, Output>(
  teamId: number,
  send: (input: Input) => Promise<Output>,
  toast?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { toast },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  });
}

/** POST /teams: the new team becomes the current one; its settings screen opens. */
export function useCreateTeam() {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "The team has been created." },
    mutationFn: (input: RouteInput<"teams.store">) =>
      api.call("teams.store", input),
    onSuccess: async ({ team }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      router.push(teamSettingsPath(team.id));
    },
  });
}

export function useUpdateTeamName(teamId: number) {
  const api = useApi();
  return useTeamMutation(
    teamId,
    (name: string) => api.call("teams.update", { team: teamId, name }),
    "The team name has been saved.",
  );
}

/** A change after which the team is no longer the viewer's to see: its page dropped, then home, as Jetstream goes. */
function useTeamLeftBehind<Input, Output>(
  teamId: number,
  send: (input: Input) => Promise<Output>,
  toast: string,
) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast },
    mutationFn: send,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.team(teamId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      router.push("/admin");
    },
  });
}

/** DELETE /teams/{team}: gone for everyone. */
export function useDeleteTeam(teamId: number) {
  const api = useApi();
  return useTeamLeftBehind(
    teamId,
    () => api.call("teams.destroy", { team: teamId }),
    "The team has been deleted.",
  );
}

/** PUT /current-team (`HasTeams::switchTeam`). */
export function useSwitchTeam() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Switched team." },
    mutationFn: (teamId: number) =>
      api.call("current-team.update", { team_id: teamId }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/** POST /teams/{team}/members: an invitation mailed, or (invitations off) the account added. */
export function useAddTeamMember(teamId: number) {
  const api = useApi();
  return useTeamMutation(teamId, (input: { email: string; role: string }) =>
    api.call("team-members.store", { team: teamId, ...input }),
  );
}

export function useUpdateTeamMemberRole(teamId: number) {
  const api = useApi();
  return useTeamMutation(
    teamId,
    (input: { user: number; role: string }) =>
      api.call("team-members.update", { team: teamId, ...input }),
    "The role has been changed.",
  );
}

/** DELETE /teams/{team}/members/{user}: the owner removes a member. */
export function useRemoveTeamMember(teamId: number) {
  const api = useApi();
  return useTeamMutation(
    teamId,
    (user: number) => api.call("team-members.destroy", { team: teamId, user }),
    "The member has been removed.",
  );
}

/** The same route for a member leaving. */
export function useLeaveTeam(teamId: number) {
  const api = useApi();
  return useTeamLeftBehind(
    teamId,
    (user: number) => api.call("team-members.destroy", { team: teamId, user }),
    "You have left the team.",
  );
}

export function useCancelTeamInvitation(teamId: number) {
  const api = useApi();
  return useTeamMutation(
    teamId,
    (invitation: number) =>
      api.call("team-invitations.destroy", { invitation }),
    "The invitation has been cancelled.",
  );
}

/**
 * The user's teams where their standing grants `permission` (the owner, or a member whose role
 * does: `hasTeamPermission`, the server's rule), for a screen's team choice (decision record 110).
 */
export function useTeamsWhereUserMay(permission: string) {
  const user = useSession().data?.user;
  const roles = useSettings().teamRoles;
  if (!hasTeams(user)) return [];
  return user.all_teams.filter((team) =>
    hasTeamPermission(
      team.user_id === user.id
        ? { kind: "owner" }
        : { kind: "member", role: team.membership?.role ?? null },
      roles,
      permission,
    ),
  );
}
