"use client";

import type { AdminUser } from "@/lib/client/contract";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

// The administrators' team screens on decision record 106's routes, by their rows (record 109).

export type AdminUserTeam = NonNullable<AdminUser["teams"]>[number];

/** A team's page for administrators: `/admin/teams/{team}` is the member's own settings screen. */
export const adminTeamPath = (teamId: number) => `/admin/teams/view/${teamId}`;

/** The team, its owner, members with roles, invitations and the declared roles. */
export const useAdminTeam = (teamId: number) =>
  useRouteQuery("api.admin.teams.show", { team: teamId });

/** Removes a member (behind the step-up: the API client's 423 dialog asks for it). */
export const useAdminRemoveTeamMember = () =>
  useRouteMutation("api.admin.teams.members.destroy", {
    toast: "The member has been removed from the team.",
  });

/** Hands the team to a member; the previous owner stays as a member with the role named. */
export const useAdminTransferTeam = () =>
  useRouteMutation("api.admin.teams.owner.update", {
    toast: "The team has a new owner.",
  });
