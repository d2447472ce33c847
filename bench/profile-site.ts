// How a V8 profile's frame is named in the benchmarks' summaries (bench/allocations.ts,
// bench/cpu-profile.ts).
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

export type CallFrame = {
  functionName: string;
  url: string;
  lineNumber: number;
};

/** `lib/server/pipeline.ts runEndpoint`, a library's `package/file.js:10 name`, or Node's `name`. */
export function siteOf({ callFrame }: { callFrame: CallFrame }): string {
  const file = callFrame.url
    .replace(/^.*\/node_modules\//, "")
    .replace(`file://${ROOT}/`, "")
    .replace(`${ROOT}/`, "");
  const name = callFrame.functionName || "(anonymous)";
  if (!file) return name;
  // tsx's transform leaves a module of ours on one line: its function names, not its lines.
  return /^(lib|db|bench)\//.test(file)
    ? `${file} ${name}`
    : `${file}:${callFrame.lineNumber + 1} ${name}`;
}
