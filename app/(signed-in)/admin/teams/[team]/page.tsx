import type { Metadata } from "next";
import { TeamSettingsPage } from "@/components/teams/team-settings-page";
import { TeamsOnly } from "@/components/teams/teams-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";
import { teamIdOf } from "../team-id";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Team settings") };
}

/** A team's settings; `{team}` is its id, as in Jetstream's `/teams/{team}`. */
export default async function Page({
  params,
}: {
  params: Promise<{ team: string }>;
}) {
  const teamId = await teamIdOf(params);
  return (
    <TeamsOnly>
      <TeamSettingsPage teamId={teamId} />
    </TeamsOnly>
  );
}
