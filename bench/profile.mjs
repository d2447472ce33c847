// Reads the V8 CPU profiles `BENCH_CPU_PROFILE=<dir> npm run bench` leaves (bench/server.mjs):
// the application's main thread and the anchor's, side by side, in microseconds of busy time a
// request (docs/performance.md "Where the time goes, beside the anchor").
//
//   npm run bench:profile -- <file.cpuprofile>
//     the busy share of each second, to find a scenario's measured window
//   npm run bench:profile -- <a.cpuprofile> <from>-<to>/<requests> [<b.cpuprofile> <from>-<to>/<requests>] [--by=module|function] [--top=N]
//     busy time a request within each window (seconds from the profile's start; requests: the
//     scenario's rate × the window's length), by module (a package, a `node:` module, the
//     build's chunks) or by function, the largest first; with two, the second minus the first.
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  fallback;
const positional = args.filter((a) => !a.startsWith("--"));
const by = option("by", "module");
const top = Number(option("top", 30));

function readProfile(file) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let at = profile.startTime;
  const samples = profile.samples.map((id, i) => {
    at += profile.timeDeltas[i];
    return {
      frame: nodes.get(id).callFrame,
      second: (at - profile.startTime) / 1e6,
      micros: profile.timeDeltas[i],
    };
  });
  return samples.filter((sample) => sample.frame.functionName !== "(idle)");
}

/** A package, a `node:` module, the build's chunks (one name: Turbopack's are minified), or V8. */
function moduleOf(url) {
  if (!url) return "(V8: collector, natives)";
  const packages = url.lastIndexOf("node_modules/");
  if (packages >= 0) {
    const [scope, name] = url.slice(packages + 13).split("/");
    return scope.startsWith("@") ? `${scope}/${name}` : scope;
  }
  if (url.startsWith("node:")) return url;
  return url.includes("/.next/") ? "(the build's chunks)" : url;
}

function keyOf(frame) {
  const where = moduleOf(frame.url);
  if (by === "module") return where;
  return `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber}:${frame.columnNumber}`;
}

function perRequest(file, window) {
  const [, from, to, requests] =
    /^([\d.]+)-([\d.]+)\/(\d+)$/.exec(window) ?? [];
  if (!requests)
    throw new Error(`a window is <from>-<to>/<requests>: ${window}`);
  const totals = new Map();
  for (const sample of readProfile(file)) {
    if (sample.second < Number(from) || sample.second > Number(to)) continue;
    const key = keyOf(sample.frame);
    totals.set(key, (totals.get(key) ?? 0) + sample.micros);
  }
  for (const [key, micros] of totals)
    totals.set(key, micros / Number(requests));
  return totals;
}

if (positional.length === 1) {
  const busy = new Map();
  for (const sample of readProfile(positional[0])) {
    const second = Math.floor(sample.second);
    busy.set(second, (busy.get(second) ?? 0) + sample.micros);
  }
  for (const [second, micros] of busy)
    console.log(`${second}\t${"#".repeat(Math.round(micros / 2e4))}`);
} else {
  const columns = [];
  for (let i = 0; i < positional.length; i += 2)
    columns.push(perRequest(positional[i], positional[i + 1]));
  const sum = (totals) => [...totals.values()].reduce((a, b) => a + b, 0);
  const keys = [...new Set(columns.flatMap((totals) => [...totals.keys()]))];
  const value = (totals, key) => totals.get(key) ?? 0;
  const size = (key) =>
    Math.max(...columns.map((totals) => value(totals, key)));
  const cell = (micros) => micros.toFixed(1).padStart(8);
  const difference = (key) =>
    columns.length === 2
      ? cell(value(columns[1], key) - value(columns[0], key))
      : "";
  console.log(
    columns.map((totals) => cell(sum(totals))).join("") +
      (columns.length === 2 ? cell(sum(columns[1]) - sum(columns[0])) : "") +
      "  µs a request, in all",
  );
  for (const key of keys.sort((a, b) => size(b) - size(a)).slice(0, top))
    console.log(
      columns.map((totals) => cell(value(totals, key))).join("") +
        difference(key) +
        "  " +
        key,
    );
}
