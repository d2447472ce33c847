import { metricsResponse } from "@/lib/operations/metrics-endpoint";
import type { Services } from "@/lib/server/services";

/** GET /metrics through its real handler, from `ip` (loopback by default), with an optional bearer. */
export async function scrape(
  services: Services,
  options: { ip?: string; bearer?: string } = {},
): Promise<Response> {
  const headers = new Headers({ "x-forwarded-for": options.ip ?? "127.0.0.1" });
  if (options.bearer) headers.set("authorization", `Bearer ${options.bearer}`);
  return metricsResponse(
    new Request("http://localhost:3000/metrics", { headers }),
    services,
  );
}

/** One sample of Prometheus' text format, by name and exact labels (0 when absent). */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "")
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort()
      .join(",");
    if (have === wanted) return Number(match[3]);
  }
  return 0;
}
