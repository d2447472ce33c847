import type { Metadata } from "next";
import { CreateTeamForm } from "@/components/teams/create-team-form";
import { TeamsOnly } from "@/components/teams/teams-only";
import { translateForRequest } from "@/lib/runtime/next-adapter";

export async function generateMetadata(): Promise<Metadata> {
  return { title: await translateForRequest("Create a team") };
}

export default function Page() {
  return (
    <TeamsOnly>
      <CreateTeamForm />
    </TeamsOnly>
  );
}
