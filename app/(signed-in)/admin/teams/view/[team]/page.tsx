import type { Metadata } from "next";
import { AdminTeamPage } from "@/components/admin/team-page";
import { AdminOnly } from "@/components/shell/admin-only";
import { TeamsOnly } from "@/components/teams/teams-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";
import { teamIdOf } from "../../team-id";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Team") };
}

/** A team as an administrator sees it (decision record 106); `{team}` is its id. */
export default async function Page({
  params,
}: {
  params: Promise<{ team: string }>;
}) {
  const teamId = await teamIdOf(params);
  return (
    <AdminOnly>
      <TeamsOnly>
        <AdminTeamPage teamId={teamId} />
      </TeamsOnly>
    </AdminOnly>
  );
}
