import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TeamSettingsPage } from "@/components/teams/team-settings-page";
import { TeamsOnly } from "@/components/teams/teams-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Team settings") };
}

/** A team's settings; `{team}` is its id, as in Jetstream's `/teams/{team}`. */
export default async function Page({
  params,
}: {
  params: Promise<{ team: string }>;
}) {
  const { team } = await params;
  if (!/^[1-9][0-9]{0,15}$/.test(team)) notFound();
  return (
    <TeamsOnly>
      <TeamSettingsPage teamId={Number(team)} />
    </TeamsOnly>
  );
}
