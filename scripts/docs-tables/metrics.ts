import { metrics } from "@/lib/observability/metrics";
import { code, markdownTable } from "./markers";

// docs/operating.md "Metrics": the application's own metrics, as the registry declares them
// (prom-client's process_* and nodejs_* defaults left out).
type Declared = {
  name: string;
  help: string;
  type: string;
  labelNames?: string[];
};

export function metricsTable(): string {
  const own = metrics()
    .registry.getMetricsAsArray()
    .map((metric) => metric as unknown as Declared)
    .filter((metric) => metric.name.startsWith("auth_"));
  return markdownTable(
    ["metric", "type", "labels", "help"],
    own.map((metric) => [
      code(metric.name),
      metric.type,
      (metric.labelNames ?? []).map(code).join(", "),
      metric.help,
    ]),
  );
}
