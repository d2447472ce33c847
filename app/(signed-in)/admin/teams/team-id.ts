import { notFound } from "next/navigation";

/**
 * The `{team}` of a team's screen, its id as in Jetstream's `/teams/{team}`: a positive integer the
 * database can hold, or the page's 404 before any call.
 */
export async function teamIdOf(params: Promise<{ team: string }>) {
  const { team } = await params;
  if (!/^[1-9][0-9]{0,15}$/.test(team)) notFound();
  return Number(team);
}
