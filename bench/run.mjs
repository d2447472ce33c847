// npm run bench: the benchmark of decision record 010 in one command. Builds, starts a production server on a
// fresh DATA_DIR (PostgreSQL when DATABASE_URL is set, PGlite otherwise), measures every scenario
// in rotating rounds, and writes bench/results/<database>.{md,svg,json}. On PostgreSQL the peer,
// Better Auth (bench/better-auth, installed there with `npm ci` when missing), runs beside it on
// a database of its own and its get-session is one more scenario of the same rotation.
//
// Knobs (environment): BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_WARMUP (5), BENCH_PORT (3410;
// the peer on the next port), BENCH_ROUNDS_COST (bcrypt cost, 12), BENCH_SKIP_BUILD=1 (reuse the
// existing .next builds).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import bcrypt from "bcrypt";
import { chart } from "./chart.mjs";
import {
  checkTargets,
  markdown,
  PEER_UNAVAILABLE,
  peerRatio,
  summarize,
} from "./report.mjs";
import {
  loads,
  PEER_SCENARIO,
  prepareFixtures,
  preparePeerFixtures,
  runLoad,
  runScenario,
  SCENARIOS,
} from "./scenarios.mjs";
import {
  build,
  buildPeer,
  openBenchDatabase,
  peerVersion,
  startPeer,
  startServer,
} from "./server.mjs";

const number = (name, fallback) =>
  process.env[name] ? Number(process.env[name]) : fallback;
const options = {
  seconds: number("BENCH_SECONDS", 8),
  rounds: number("BENCH_ROUNDS", 3),
  warmup: number("BENCH_WARMUP", 5),
  // Between two runs: the work still in flight (logins queued for hashing) ends before the next.
  pause: 2,
  port: number("BENCH_PORT", 3410),
  cost: number("BENCH_ROUNDS_COST", 12),
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => Math.round(bytes / 2 ** 20);
// PostgreSQL flushes a backend's statistics at most every 10 s when it is idle.
const STATS_FLUSH_MS = 11_000;

/** Median time of one bcrypt verification at `cost`, in ms, on this (idle) process. */
function verifyMs(cost) {
  const hash = bcrypt.hashSync("bench-password-123", cost);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    bcrypt.compareSync("bench-password-123", hash);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2];
}

/** Statements and rows written per request on PostgreSQL, background work subtracted. */
async function databaseCosts(database, base, all) {
  await sleep(STATS_FLUSH_MS);
  const idleStart = await database.stats();
  const idleAt = Date.now();
  await sleep(STATS_FLUSH_MS);
  const idleEnd = await database.stats();
  const perSecond =
    (idleEnd.statements - idleStart.statements) /
    ((Date.now() - idleAt) / 1000);
  const costs = {};
  for (const name of ["guest", "session", "bearer"]) {
    const before = await database.stats();
    const startedAt = Date.now();
    const result = await runLoad(base, all[name], { amount: 3000 });
    await sleep(STATS_FLUSH_MS);
    const after = await database.stats();
    const background = perSecond * ((Date.now() - startedAt) / 1000);
    costs[name] = {
      statements:
        Math.max(0, after.statements - before.statements - background) /
        result.requests,
      writes: (after.writes - before.writes) / result.requests,
    };
    console.log(
      `[bench] ${name}: ${costs[name].statements.toFixed(3)} statements, ${costs[name].writes.toFixed(4)} rows written per request`,
    );
  }
  return costs;
}

function machine() {
  const debian = existsSync("/etc/debian_version")
    ? `Debian ${readFileSync("/etc/debian_version", "utf8").trim()}`
    : os.type();
  return `${debian}, ${os.cpus()[0]?.model.trim()}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
}

async function main() {
  const skipBuild = process.env.BENCH_SKIP_BUILD === "1";
  if (!skipBuild) await build();
  // The peer needs PostgreSQL (Better Auth has no embedded database to compare with PGlite).
  if (process.env.DATABASE_URL) buildPeer({ skipBuild });
  const verifyBefore = verifyMs(options.cost);
  const database = await openBenchDatabase();
  const peerDatabase = database ? await openBenchDatabase("bench_peer") : null;
  let peer = null;
  let server = null;
  try {
    server = await startServer({
      port: options.port,
      databaseUrl: database?.url,
      hashingRounds: options.cost,
    });
    peer = peerDatabase
      ? await startPeer({
          port: options.port + 1,
          databaseUrl: peerDatabase.url,
        })
      : null;
    console.log(
      `[bench] server on ${server.base}, ${database ? "PostgreSQL" : "PGlite"}${peer ? `; Better Auth on ${peer.base}` : ""}`,
    );
    const all = loads(
      await prepareFixtures(server.base),
      peer ? await preparePeerFixtures(peer.base) : null,
    );
    const scenarios = peer ? [...SCENARIOS, PEER_SCENARIO] : SCENARIOS;
    for (const scenario of scenarios)
      await runScenario(server.base, scenario, all, {
        seconds: options.warmup,
      });
    const samples = Object.fromEntries(
      scenarios.map((scenario) => [scenario.name, []]),
    );
    // Each scenario run is paired with a bare-route run next to it (before it in even rounds,
    // after it in odd ones): its ratio compares two measurements seconds apart, so a machine
    // whose speed drifts (a shared VM's does) moves both alike.
    const pairedBare = Object.fromEntries(
      scenarios.map((scenario) => [scenario.name, []]),
    );
    const [bare, ...measured] = scenarios;
    const rssTrail = [];
    const measure = async (scenario, round) => {
      await sleep(options.pause * 1000);
      const results = await runScenario(server.base, scenario, all, {
        seconds: options.seconds,
      });
      console.log(
        `[bench] round ${round + 1} ${scenario.name}: ${results.map((r) => `${r.rps.toFixed(1)}/s p99 ${r.p99} ms`).join(" | ")}`,
      );
      return results;
    };
    for (let round = 0; round < options.rounds; round++) {
      const order = [
        ...measured.slice(round % measured.length),
        ...measured.slice(0, round % measured.length),
      ];
      for (const scenario of order) {
        const bareFirst = round % 2 === 0;
        const before = await measure(bareFirst ? bare : scenario, round);
        const after = await measure(bareFirst ? scenario : bare, round);
        const [bareResults, results] = bareFirst
          ? [before, after]
          : [after, before];
        samples.bare.push(bareResults);
        pairedBare.bare.push(bareResults[0].rps);
        samples[scenario.name].push(results);
        pairedBare[scenario.name].push(bareResults[0].rps);
      }
      rssTrail.push(mb(server.rss()));
    }
    const dbCosts = database
      ? await databaseCosts(database, server.base, all)
      : null;
    const rssBytes = server.rss();
    const verify = (verifyBefore + verifyMs(options.cost)) / 2;
    const cores = os.availableParallelism();
    const hashingLimit = cores / (verify / 1000);
    const rows = summarize(scenarios, samples, pairedBare, all);
    if (!peer) rows.push(PEER_UNAVAILABLE);
    const kind = database ? "postgres" : "pglite";
    const targets = checkTargets({
      rows,
      hashingLimit,
      rssBytes,
      dbCosts,
      kind,
    });
    const meta = {
      date: new Date().toISOString().slice(0, 10),
      machine: machine(),
      database: database
        ? "PostgreSQL (a fresh database on the DATABASE_URL server)"
        : "PGlite (embedded, in the server process)",
      rounds: options.cost,
      rounds_: options.rounds,
      seconds: options.seconds,
      warmup: options.warmup,
      pause: options.pause,
      verifyMs: verify,
      cores,
      hashingLimit,
      rssTrail,
      peer: peer
        ? `The peer: Better Auth ${peerVersion()} (email and password, PostgreSQL through pg, default sessions) in a minimal Next.js app, on a database of its own on the same server, measured in the same rotation and paired with the same yardstick.`
        : "The peer, Better Auth, runs on PostgreSQL only.",
    };
    const page = markdown({ rows, targets, meta });
    const directory = path.join(import.meta.dirname, "results");
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, `${kind}.md`), page);
    const versusPeer = peerRatio(rows);
    const note =
      versusPeer === null
        ? ""
        : `get-auth (session) ÷ Better Auth get-session: ${versusPeer.toFixed(2)}×`;
    writeFileSync(
      path.join(directory, `${kind}.svg`),
      chart(rows, `${meta.date} · ${meta.machine} · ${kind}`, note),
    );
    writeFileSync(
      path.join(directory, `${kind}.json`),
      `${JSON.stringify({ meta, rows, targets, dbCosts, samples, pairedBare }, null, 2)}\n`,
    );
    console.log(
      `\n${page}\nWritten to bench/results/${kind}.md, ${kind}.svg and ${kind}.json`,
    );
  } finally {
    // Also when a server failed to start: the temporary databases never outlive the run.
    await peer?.stop();
    await server?.stop();
    await peerDatabase?.drop();
    await database?.drop();
  }
}

main().catch((error) => {
  console.error("[bench] failed:", error);
  process.exit(1);
});
