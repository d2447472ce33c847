// Turns the rounds' raw figures into the table of README.md "Performance" and checks them
// against the targets of decision record 010.

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]
    : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 0) => Number(value.toFixed(digits));

/**
 * One row per reported load: median and range of requests/s, median p50/p99, error totals, and
 * the ratio to the bare route (`pairedBare[name][i]` is the bare run next to run i of `name`).
 */
export function summarize(scenarios, samples, pairedBare, all) {
  const rows = [];
  for (const scenario of scenarios) {
    scenario.loads.forEach((load, index) => {
      const runs = samples[scenario.name].map((results) => results[index]);
      const rps = runs.map((run) => run.rps);
      rows.push({
        key: index === 0 ? scenario.name : `${scenario.name}:${load}`,
        label: index === 0 ? scenario.label : `${load} during the storm`,
        connections: all[load].connections,
        rps: median(rps),
        min: Math.min(...rps),
        max: Math.max(...rps),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
        non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
        requests: runs.reduce((sum, run) => sum + run.requests, 0),
      });
    });
  }
  // Each run over the bare route's run paired with it, then the median of the rounds.
  for (const row of rows) {
    const [name, load] = row.key.split(":");
    const index = load
      ? scenarios.find((s) => s.name === name).loads.indexOf(load)
      : 0;
    row.ratio = median(
      samples[name].map((results, run) =>
        pairedBare[name][run] > 0
          ? results[index].rps / pairedBare[name][run]
          : 0,
      ),
    );
  }
  return rows;
}

/** The peer's row when it did not run (PGlite): shown, with why, instead of figures. */
export const PEER_UNAVAILABLE = {
  key: "peer",
  label: "Better Auth get-session, session cookie",
  unavailable: "PostgreSQL only",
};

/**
 * Ours over the peer: get-auth with a session over Better Auth's get-session, each as its ratio to
 * the bare run paired with it, so a drift of the machine between the two cancels out.
 */
export function peerRatio(rows) {
  const session = rows.find((row) => row.key === "session");
  const peer = rows.find((row) => row.key === "peer");
  return session && peer && !peer.unavailable && peer.ratio > 0
    ? session.ratio / peer.ratio
    : null;
}

/**
 * The ratios asked of each database: PostgreSQL is the deployment; PGlite, the embedded
 * development database, runs every statement on the event loop.
 */
const RATIO_TARGETS = {
  postgres: { session: 0.75, bearer: 0.8 },
  pglite: { session: 0.6, bearer: 0.6 },
};

/** Each target: what was asked, what was measured, met or not. */
export function checkTargets({
  rows: allRows,
  hashingLimit,
  rssBytes,
  dbCosts,
  kind = "postgres",
}) {
  const rows = allRows.filter((row) => !row.unavailable);
  const ratios = RATIO_TARGETS[kind];
  const by = Object.fromEntries(rows.map((row) => [row.key, row]));
  const versusPeer = peerRatio(allRows);
  const targets = [
    {
      target: "get-auth, guest ≥ 0.9× bare",
      measured: `${round(by.guest.ratio, 2)}×`,
      met: by.guest.ratio >= 0.9,
    },
    {
      target: `get-auth, session ≥ ${ratios.session}× bare`,
      measured: `${round(by.session.ratio, 2)}×`,
      met: by.session.ratio >= ratios.session,
    },
    {
      target: `get-auth, bearer ≥ ${ratios.bearer}× bare`,
      measured: `${round(by.bearer.ratio, 2)}×`,
      met: by.bearer.ratio >= ratios.bearer,
    },
    // Decision record 045: the per-token limit's upsert costs at most a tenth of the bearer path.
    ...(by["bearer-limited"]
      ? [
          {
            target:
              "get-auth, bearer with a per-token limit within 10 % of bearer",
            measured: `${round(by["bearer-limited"].ratio, 2)}× vs ${round(by.bearer.ratio, 2)}× bare (${round((100 * by["bearer-limited"].ratio) / by.bearer.ratio)} %)`,
            met: by["bearer-limited"].ratio >= 0.9 * by.bearer.ratio,
          },
        ]
      : []),
    {
      target: `login within 15 % of the hashing limit (${round(hashingLimit, 1)}/s)`,
      measured: `${round(by.login.rps, 1)}/s (${round((100 * by.login.rps) / hashingLimit)} %)`,
      met: by.login.rps >= 0.85 * hashingLimit,
    },
    {
      target: "get-auth p99 under the login storm ≤ 2× without",
      measured: `${round(by.storm.p99)} ms vs ${round(by.session.p99)} ms (${round(by.storm.p99 / Math.max(by.session.p99, 1), 2)}×)`,
      met: by.storm.p99 <= 2 * Math.max(by.session.p99, 1),
    },
    {
      target: "get-auth, session ≥ 2× Better Auth get-session",
      measured:
        versusPeer === null
          ? "PostgreSQL only"
          : `${round(versusPeer, 2)}× (${round(by.session.ratio, 2)} ÷ ${round(by.peer.ratio, 2)} × bare)`,
      met: versusPeer === null ? null : versusPeer >= 2,
    },
    {
      target: "server RSS after the benchmark < 400 MB",
      measured: `${round(rssBytes / 2 ** 20)} MB`,
      met: rssBytes < 400 * 2 ** 20,
    },
    {
      target: "no errors, no non-2xx",
      measured: `${rows.reduce((sum, row) => sum + row.errors, 0)} errors, ${rows.reduce((sum, row) => sum + row.non2xx, 0)} non-2xx`,
      met: rows.every((row) => row.errors === 0 && row.non2xx === 0),
    },
  ];
  if (dbCosts) {
    const limits = { guest: 0, session: 1, bearer: 1 };
    for (const [name, cost] of Object.entries(dbCosts)) {
      targets.push({
        target: `${name}: ≤ ${limits[name]} statement and no write per request`,
        measured: `${round(cost.statements, 2)} statements, ${round(cost.writes, 3)} rows written per request`,
        // Background work (settings refresh, mail worker) is subtracted approximately: allow 0.05.
        met: cost.statements <= limits[name] + 0.05 && cost.writes <= 0.01,
      });
    }
  }
  return targets;
}

/** The markdown page written to bench/results/ and printed at the end of a run. */
export function markdown({ rows, targets, meta }) {
  const lines = [
    `# Benchmark, ${meta.date}`,
    "",
    `${meta.machine}. Database: ${meta.database}. bcrypt cost ${meta.rounds}: one verification ${round(meta.verifyMs)} ms, ` +
      `hashing limit ${meta.cores} cores ÷ ${round(meta.verifyMs)} ms = ${round(meta.hashingLimit, 1)} logins/s. ` +
      `${meta.rounds_} rounds of ${meta.seconds} s per scenario after a ${meta.warmup} s warm-up, in rotating order, ${meta.pause} s apart; each scenario run is paired with a bare-route run beside it (before it in odd rounds, after it in even ones), and its × bare is over that run.`,
    "",
    "| scenario | conns | req/s (median) | range | × bare (median of the pairs) | p50 ms | p99 ms | errors / non-2xx |",
    "| --- | ---: | ---: | --- | ---: | ---: | ---: | --- |",
    ...rows.map((row) =>
      row.unavailable
        ? `| ${row.label} | | ${row.unavailable} | | | | | |`
        : `| ${row.label} | ${row.connections} | ${round(row.rps, row.rps < 100 ? 1 : 0)} | ${round(row.min, row.rps < 100 ? 1 : 0)}–${round(row.max, row.rps < 100 ? 1 : 0)} | ` +
          `${round(row.ratio, 2)} | ${round(row.p50)} | ${round(row.p99)} | ${row.errors} / ${row.non2xx} |`,
    ),
    "",
    `The yardstick ("bare") is an async route handler of this application returning constant JSON, which proxy.ts never sees. ${meta.peer}`,
    "",
    `Server RSS (process tree): ${meta.rssTrail.map((mb) => `${mb}`).join(" → ")} MB, after each round.`,
    "",
    "| target | measured | met |",
    "| --- | --- | :-: |",
    ...targets.map(
      (t) =>
        `| ${t.target} | ${t.measured} | ${t.met === null ? "—" : t.met ? "yes" : "**no**"} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
