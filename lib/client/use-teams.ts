"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import type { RouteName, User } from "@/lib/client/contract";
import { useRouteMutation } from "@/lib/client/route-query";
import { useSettings } from "@/lib/client/settings-context";
import { sessionKey, useSession } from "@/lib/client/use-session";
import { hasTeamPermission } from "@/lib/policies/teams";

// The team screens' shared parts, on Jetstream's routes by their rows (decision records 087,
// 109): the team's page is read and changed by name at its screens; what stays here is the
// option they share, the leaving that must not read the page again, paths and the team choice.

/** The path of a team's settings screen. */
export const teamSettingsPath = (teamId: number) => `/admin/teams/${teamId}`;
export const CREATE_TEAM_PATH = "/admin/teams/create";

/** Teams are on when get-auth shares `all_teams` (only then: decision record 087). */
export const hasTeams = (
  user: User | null | undefined,
): user is User & { all_teams: NonNullable<User["all_teams"]> } =>
  Array.isArray(user?.all_teams);

/**
 * A change to one team by name, with the team screens' shared option: its page and the session's
 * `all_teams` are read again (an invitation's route lies under neither path).
 */
export const useTeamChange = <N extends RouteName>(name: N, toast?: string) =>
  useRouteMutation(name, { toast, stale: ["teams.show", "get-auth"] });

/**
 * A change after which the team is no longer the viewer's to see: its page dropped (not read
 * again, which would answer 403 or 404), the session read again, then home, as Jetstream goes.
 * Not useRouteMutation, which would read the page again first.
 */
function useTeamLeftBehind<Input>(
  teamId: number,
  send: (input: Input) => Promise<unknown>,
  toast: string,
) {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast },
    mutationFn: send,
    onSuccess: async () => {
      queryClient.removeQueries({
        queryKey: api.queryKey("teams.show", { team: teamId }),
      });
      await queryClient.invalidateQueries({ queryKey: sessionKey(api) });
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

/** The member's own DELETE /teams/{team}/members/{user}: leaving. */
export function useLeaveTeam(teamId: number) {
  const api = useApi();
  return useTeamLeftBehind(
    teamId,
    (user: number) => api.call("team-members.destroy", { team: teamId, user }),
    "You have left the team.",
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
