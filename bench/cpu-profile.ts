// V8's CPU profiler around one stretch of work in this process, summarised as the functions
// with the most samples of their own (bench/oauth-cpu.ts).
import { Session as Inspector } from "node:inspector/promises";
import { type CallFrame, siteOf } from "./profile-site";

const TOP = Number(process.env.OAUTH_CPU_TOP ?? 25);

type ProfileNode = { id: number; callFrame: CallFrame };
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};

function summary(profile: Profile): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const bySite = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === "(idle)") return;
    total += micros;
    const site = siteOf(node);
    bySite.set(site, (bySite.get(site) ?? 0) + micros);
  });
  return [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(
      ([site, micros]) =>
        `  ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${site}`,
    )
    .join("\n");
}

/** Runs `work`, under the profiler when `on`: its result, and the summary when profiled. */
export async function profiled<T>(
  on: boolean,
  work: () => Promise<T>,
): Promise<{ result: T; top: string | null }> {
  if (!on) return { result: await work(), top: null };
  const inspector = new Inspector();
  inspector.connect();
  await inspector.post("Profiler.enable");
  await inspector.post("Profiler.setSamplingInterval", { interval: 100 });
  await inspector.post("Profiler.start");
  const result = await work();
  const { profile } = (await inspector.post("Profiler.stop")) as {
    profile: Profile;
  };
  inspector.disconnect();
  return { result, top: summary(profile) };
}
