// npm run bench: the benchmark of decision records 010 and 060 in one command. Builds, starts a
// production server of the application on a fresh DATA_DIR (PostgreSQL when DATABASE_URL is set,
// PGlite otherwise) and beside it the anchor (bench/anchor: a minimal Next app, the same Next, on
// the same kind of database), measures every scenario in rotating rounds, each run paired with a
// run of the anchor's constant-JSON route, and writes bench/results/<database>.{md,svg,json}. On
// PostgreSQL the peer, Better Auth (bench/better-auth, installed there with `npm ci` when
// missing), runs beside them on a database of its own and its get-session is one more scenario.
// Every run also records the CPU time its server spent (the process tree's, from /proc), so each
// scenario has its server CPU per request.
//
// Knobs (environment): BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_WARMUP (5), BENCH_PORT (3410;
// the anchor on the next port, the peer on the one after), BENCH_ROUNDS_COST (bcrypt cost, 12),
// BENCH_SKIP_BUILD=1 (reuse the existing .next builds), BENCH_ONLY (comma-separated scenario
// names: measure those alone, for a quick comparison; the results are printed, not written),
// BENCH_PEER=0 (leave the peers out), BENCH_KEY_BITS (the OAuth signing key's length, 4096 as
// `oauth:keys` makes it; 2048 as `oauth:keys --length 2048` does), BENCH_CPU_PROFILE=<dir> (V8
// CPU profiles of the application and the anchor, read with `npm run bench:profile`). The OAuth
// peer, panva's oidc-provider in memory (bench/oidc-provider), runs on either database on the
// port after Better Auth's.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import bcrypt from "bcrypt";
import { chart } from "./chart.mjs";
import {
  checkTargets,
  markdown,
  markdownTable,
  PEER_UNAVAILABLE,
  peerRatio,
  summarize,
} from "./report.mjs";
import {
  loads,
  PEER_SCENARIO,
  OAUTH_PEER_SCENARIOS,
  prepareFixtures,
  prepareOAuthPeerFixtures,
  preparePeerFixtures,
  runLoad,
  runScenario,
  SCENARIOS,
} from "./scenarios.mjs";
import {
  build,
  buildAnchor,
  buildPeer,
  oauthPeerVersion,
  openBenchDatabase,
  peerVersion,
  startAnchor,
  startOAuthPeer,
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
  const only = process.env.BENCH_ONLY?.split(",").filter(Boolean) ?? null;
  if (!skipBuild) await build();
  buildAnchor({ skipBuild });
  // The peer needs PostgreSQL (Better Auth has no embedded database to compare with PGlite).
  const withPeer =
    Boolean(process.env.DATABASE_URL) &&
    process.env.BENCH_PEER !== "0" &&
    (!only || only.includes("peer"));
  if (withPeer) buildPeer({ skipBuild });
  const verifyBefore = verifyMs(options.cost);
  const database = await openBenchDatabase();
  const anchorDatabase = database
    ? await openBenchDatabase("bench_anchor")
    : null;
  const peerDatabase = withPeer ? await openBenchDatabase("bench_peer") : null;
  let peer = null;
  let oauthPeer = null;
  let server = null;
  let anchor = null;
  try {
    server = await startServer({
      port: options.port,
      databaseUrl: database?.url,
      hashingRounds: options.cost,
    });
    anchor = await startAnchor({
      port: options.port + 1,
      databaseUrl: anchorDatabase?.url,
    });
    peer = peerDatabase
      ? await startPeer({
          port: options.port + 2,
          databaseUrl: peerDatabase.url,
        })
      : null;
    const withOAuthPeer =
      process.env.BENCH_PEER !== "0" &&
      (!only || only.some((name) => name.startsWith("peer-")));
    oauthPeer = withOAuthPeer
      ? await startOAuthPeer({ port: options.port + 3 })
      : null;
    console.log(
      `[bench] server on ${server.base}, anchor on ${anchor.base}, ${database ? "PostgreSQL" : "PGlite"}${peer ? `; Better Auth on ${peer.base}` : ""}`,
    );
    const all = loads(
      await prepareFixtures(server.base, { outboxDir: server.outboxDir }),
      {
        anchorBase: anchor.base,
        peer: peer ? await preparePeerFixtures(peer.base) : null,
        oauthPeer: oauthPeer
          ? await prepareOAuthPeerFixtures(oauthPeer.base)
          : null,
      },
    );
    const servers = { app: server, anchor, peer, oauthPeer };
    const everyScenario = [
      ...SCENARIOS,
      ...(peer ? [PEER_SCENARIO] : []),
      ...(oauthPeer ? OAUTH_PEER_SCENARIOS : []),
    ];
    const scenarios = only
      ? everyScenario.filter(
          (scenario, index) => index === 0 || only.includes(scenario.name),
        )
      : everyScenario;
    for (const scenario of scenarios)
      await runScenario(server.base, scenario, all, {
        seconds: options.warmup,
      });
    const samples = Object.fromEntries(
      scenarios.map((scenario) => [scenario.name, []]),
    );
    // Each scenario run is paired with a run of the anchor's constant JSON next to it (before it
    // in even rounds, after it in odd ones): its ratio compares two measurements seconds apart,
    // so a machine whose speed drifts (a shared VM's does) moves both alike.
    const pairedYardstick = Object.fromEntries(
      scenarios.map((scenario) => [scenario.name, []]),
    );
    const [yardstick, ...measured] = scenarios;
    const rssTrail = [];
    const measure = async (scenario, round) => {
      await sleep(options.pause * 1000);
      const owner = servers[all[scenario.loads[0]].server ?? "app"];
      const cpuBefore = owner.cpuMs();
      const results = await runScenario(server.base, scenario, all, {
        seconds: options.seconds,
      });
      const requests = results.reduce((sum, r) => sum + r.requests, 0);
      results[0].cpuMs = (owner.cpuMs() - cpuBefore) / Math.max(requests, 1);
      console.log(
        `[bench] round ${round + 1} ${scenario.name}: ${results.map((r) => `${r.rps.toFixed(1)}/s p99 ${r.p99} ms${r.non2xx ? ` (non-2xx ${JSON.stringify(r.statuses)})` : ""}`).join(" | ")}, ${results[0].cpuMs.toFixed(2)} ms CPU/request`,
      );
      return results;
    };
    for (let round = 0; round < options.rounds; round++) {
      const order = [
        ...measured.slice(round % measured.length),
        ...measured.slice(0, round % measured.length),
      ];
      for (const scenario of order) {
        const yardstickFirst = round % 2 === 0;
        const before = await measure(
          yardstickFirst ? yardstick : scenario,
          round,
        );
        const after = await measure(
          yardstickFirst ? scenario : yardstick,
          round,
        );
        const [yardstickResults, results] = yardstickFirst
          ? [before, after]
          : [after, before];
        samples[yardstick.name].push(yardstickResults);
        pairedYardstick[yardstick.name].push(yardstickResults[0].rps);
        samples[scenario.name].push(results);
        pairedYardstick[scenario.name].push(yardstickResults[0].rps);
      }
      rssTrail.push(mb(server.rss()));
    }
    const rows = summarize(scenarios, samples, pairedYardstick, all);
    if (only) {
      console.log(`\n${markdownTable(rows)}`);
      return;
    }
    const dbCosts = database
      ? await databaseCosts(database, server.base, all)
      : null;
    const rssBytes = server.rss();
    const verify = (verifyBefore + verifyMs(options.cost)) / 2;
    const cores = os.availableParallelism();
    const hashingLimit = cores / (verify / 1000);
    if (!peer)
      rows.push({
        ...PEER_UNAVAILABLE,
        ...(database ? { unavailable: "not run (BENCH_PEER=0)" } : {}),
      });
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
      anchorDatabase: database
        ? "one primary-key select through the postgres package (prepared, a pool of 10) on a database of its own"
        : "one primary-key select on PGlite in memory, in the anchor's process (the application's PGlite runs in its process too)",
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
      oauthPeer: oauthPeer
        ? `The OAuth peer: oidc-provider ${oauthPeerVersion()} in a Node process of its own, its adapter in memory, one confidential client (client_secret_basic).`
        : null,
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
      `${JSON.stringify({ meta, rows, targets, dbCosts, samples, pairedYardstick }, null, 2)}\n`,
    );
    console.log(
      `\n${page}\nWritten to bench/results/${kind}.md, ${kind}.svg and ${kind}.json`,
    );
  } finally {
    // Also when a server failed to start: the temporary databases never outlive the run.
    await peer?.stop();
    await oauthPeer?.stop();
    await anchor?.stop();
    await server?.stop();
    await peerDatabase?.drop();
    await anchorDatabase?.drop();
    await database?.drop();
  }
}

main().catch((error) => {
  console.error("[bench] failed:", error);
  process.exit(1);
});
