// Turns the rounds' raw figures into the table of README.md "Performance" and checks them
// against the targets of decision records 010 and 060.

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? sorted[middle]
    : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 0) => Number(value.toFixed(digits));

/**
 * One row per reported load: median and range of requests/s, median p50/p99, error totals, the
 * server's CPU per request (median; the scenario's first load carries it), and the ratio to the
 * yardstick (`pairedYardstick[name][i]` is the yardstick's run next to run i of `name`).
 */
export function summarize(scenarios, samples, pairedYardstick, all) {
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
        cpuMs: index === 0 ? median(runs.map((run) => run.cpuMs)) : null,
      });
    });
  }
  // Each run over the yardstick's run paired with it, then the median of the rounds.
  for (const row of rows) {
    const [name, load] = row.key.split(":");
    const index = load
      ? scenarios.find((s) => s.name === name).loads.indexOf(load)
      : 0;
    row.ratio = median(
      samples[name].map((results, run) =>
        pairedYardstick[name][run] > 0
          ? results[index].rps / pairedYardstick[name][run]
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
 * The ratios to the anchor's constant JSON asked of each database (decision record 060):
 * PostgreSQL is the deployment; PGlite, the embedded development database, runs every statement
 * on the event loop, so only the routes that read it are asked less.
 */
const RATIO_TARGETS = {
  postgres: { bare: 0.95, csrf: 0.85, guest: 0.9, session: 0.8, bearer: 0.85 },
  pglite: { bare: 0.95, csrf: 0.85, guest: 0.9, session: 0.6, bearer: 0.6 },
};
const RATIO_LABELS = {
  bare: "app's constant JSON",
  csrf: "/sanctum/csrf-cookie",
  guest: "get-auth, guest",
  session: "get-auth, session",
  bearer: "get-auth, bearer",
};

/** `row` within 10 % of `reference`, both as their ratio to the yardstick. */
function withinTenPercent(target, row, reference) {
  return {
    target,
    measured: `${round(row.ratio, 2)}× vs ${round(reference.ratio, 2)}× anchor (${round((100 * row.ratio) / reference.ratio)} %)`,
    met: row.ratio >= 0.9 * reference.ratio,
  };
}

/**
 * Ours over oidc-provider's for the same grant and introspection (decision record 104), each as its
 * ratio to the anchor's run beside it; reported, with no target of its own.
 */
function versusOAuthPeer(by) {
  return [
    [
      "client-credentials",
      "peer-client-credentials",
      "client-credentials grant",
    ],
    ["introspection", "peer-introspection", "introspection"],
  ]
    .filter(([, peer]) => by[peer])
    .map(([ours, peer, label]) => ({
      target: `${label}, ours ÷ oidc-provider's (reported)`,
      measured: `${round(by[ours].ratio / by[peer].ratio, 2)}× (${round(by[ours].ratio, 2)} ÷ ${round(by[peer].ratio, 2)} × anchor)`,
      met: null,
    }));
}

/** Each target: what was asked, what was measured, met or not. */
export function checkTargets({
  rows: allRows,
  hashingLimit,
  rssBytes,
  dbCosts,
  kind = "postgres",
}) {
  const rows = allRows.filter((row) => !row.unavailable);
  const by = Object.fromEntries(rows.map((row) => [row.key, row]));
  const versusPeer = peerRatio(allRows);
  const targets = [
    ...Object.entries(RATIO_TARGETS[kind]).map(([key, least]) => ({
      target: `${RATIO_LABELS[key]} ≥ ${least}× anchor`,
      measured: `${round(by[key].ratio, 2)}×`,
      met: by[key].ratio >= least,
    })),
    {
      target: "get-auth, session ≥ 2.2× Better Auth get-session",
      measured:
        versusPeer === null
          ? kind === "postgres"
            ? "the peer did not run"
            : "PostgreSQL only"
          : `${round(versusPeer, 2)}× (${round(by.session.ratio, 2)} ÷ ${round(by.peer.ratio, 2)} × anchor)`,
      met: versusPeer === null ? null : versusPeer >= 2.2,
    },
    // Decision record 045: the per-token limit's upsert costs at most a tenth of the bearer path.
    withinTenPercent(
      "get-auth, bearer with a per-token limit within 10 % of bearer",
      by["bearer-limited"],
      by.bearer,
    ),
    // Decision record 050: a JWT costs its signature check, and no more than a tenth.
    withinTenPercent(
      "get-auth, OAuth access token within 10 % of a personal access token",
      by.oauth,
      by.bearer,
    ),
    // Decision record 099: bcrypt checks a client's secret once per process, so the grant is
    // held to the anchor's constant JSON, not to the hashing limit.
    {
      target: "client-credentials grant ≥ 0.6× anchor",
      measured: `${round(by["client-credentials"].ratio, 2)}× (${round(by["client-credentials"].rps, 1)}/s)`,
      met: by["client-credentials"].ratio >= 0.6,
    },
    // Decision record 104: introspection of a JWT we signed is one statement and no bcrypt.
    {
      target: "introspection ≥ 0.6× anchor",
      measured: `${round(by.introspection.ratio, 2)}× (${round(by.introspection.rps, 1)}/s)`,
      met: by.introspection.ratio >= 0.6,
    },
    ...versusOAuthPeer(by),
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

/** The scenarios' table (also printed alone by a BENCH_ONLY run). */
export function markdownTable(rows) {
  const figure = (value, row) => round(value, row.rps < 100 ? 1 : 0);
  return [
    "| scenario | conns | req/s (median) | range | × anchor (median of the pairs) | server CPU ms / request | p50 ms | p99 ms | errors / non-2xx |",
    "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |",
    ...rows.map((row) =>
      row.unavailable
        ? `| ${row.label} | | ${row.unavailable} | | | | | | |`
        : `| ${row.label} | ${row.connections} | ${figure(row.rps, row)} | ${figure(row.min, row)}–${figure(row.max, row)} | ` +
          `${round(row.ratio, 2)} | ${row.cpuMs === null ? "" : round(row.cpuMs, 2)} | ${round(row.p50)} | ${round(row.p99)} | ${row.errors} / ${row.non2xx} |`,
    ),
  ].join("\n");
}

/** The markdown page written to bench/results/ and printed at the end of a run. */
export function markdown({ rows, targets, meta }) {
  const lines = [
    `# Benchmark, ${meta.date}`,
    "",
    `${meta.machine}. Database: ${meta.database}. bcrypt cost ${meta.rounds}: one verification ${round(meta.verifyMs)} ms, ` +
      `hashing limit ${meta.cores} cores ÷ ${round(meta.verifyMs)} ms = ${round(meta.hashingLimit, 1)} bcrypt compares/s. ` +
      `${meta.rounds_} rounds of ${meta.seconds} s per scenario after a ${meta.warmup} s warm-up, in rotating order, ${meta.pause} s apart; each scenario run is paired with a run of the anchor's constant JSON beside it (before it in odd rounds, after it in even ones), and its × anchor is over that run.`,
    "",
    markdownTable(rows),
    "",
    `The yardstick is the anchor (bench/anchor): a minimal Next app on the application's own Next, without proxy, headers or instrumentation, whose route returns the same constant JSON as the application's /api/bench/bare; its second route runs ${meta.anchorDatabase}. Server CPU per request: the CPU time of the server's processes over the run, divided by the requests answered (for the storm, both loads'). ${meta.peer}${meta.oauthPeer ? ` ${meta.oauthPeer}` : ""}`,
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
