import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// scripts/ci-totals.mjs ends .ci/run: the totals line, and before it what failed, so that the
// end of the CI's output alone says which test failed and why.
const SCRIPT = path.resolve(import.meta.dirname, "../../scripts/ci-totals.mjs");
let dir = "";

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function totals(
  reports: Record<string, unknown>,
  exits: Record<string, number>,
) {
  dir = mkdtempSync(path.join(tmpdir(), "ci-totals-"));
  for (const [name, report] of Object.entries(reports))
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report));
  for (const [name, code] of Object.entries(exits))
    writeFileSync(path.join(dir, `${name}.exit`), `${code}\n`);
  try {
    return {
      code: 0,
      out: execFileSync(process.execPath, [SCRIPT, dir, "0"]).toString(),
    };
  } catch (error) {
    const failed = error as { status: number; stdout: Buffer };
    return { code: failed.status, out: failed.stdout.toString() };
  }
}

const file = (
  name: string,
  status: string,
  message: string,
  tests: unknown[],
) => ({
  name: path.resolve(name),
  status,
  message,
  assertionResults: tests,
});

describe("the CI's totals", () => {
  it("names a file whose hook failed, with the head and the end of its message", () => {
    const log = Array.from({ length: 30 }, (_, i) => `log line ${i}`).join(
      "\n",
    );
    const { code, out } = totals(
      {
        "vitest-scale": {
          numPassedTests: 27,
          numFailedTests: 0,
          testResults: [
            file(
              "test/scale/two-instances.test.ts",
              "failed",
              `instance on 3456 exited at start:\n${log}`,
              [{ fullName: "a", status: "skipped", failureMessages: [] }],
            ),
          ],
        },
      },
      { "vitest-scale": 1 },
    );
    expect(code).toBe(1);
    expect(out).toContain(
      "✗ vitest-scale: test/scale/two-instances.test.ts: instance on 3456 exited at start:",
    );
    expect(out).toContain("log line 29");
    expect(out).not.toContain("log line 15");
    expect(out.trim().split("\n").at(-1)).toBe("27 passed, 1 failed");
  });

  it("names each failed test and a failed browser spec (one that passed on its retry too); a clean run prints totals only", () => {
    const failing = totals(
      {
        "vitest-pglite": {
          numPassedTests: 1,
          numFailedTests: 1,
          testResults: [
            file("test/http/login.test.ts", "failed", "", [
              {
                fullName: "login refuses",
                status: "failed",
                failureMessages: ["AssertionError: expected 401 to be 422"],
              },
              {
                fullName: "login works",
                status: "passed",
                failureMessages: [],
              },
            ]),
          ],
        },
        "playwright-second": {
          stats: { expected: 2, unexpected: 1, flaky: 1 },
          suites: [
            {
              file: "login.spec.ts",
              specs: [
                {
                  title: "signs in",
                  tests: [
                    {
                      status: "unexpected",
                      results: [{ error: { message: "Timed out 10000ms" } }],
                    },
                  ],
                },
                {
                  title: "signs out",
                  tests: [
                    {
                      status: "flaky",
                      results: [
                        { error: { message: "expected 204, got 500" } },
                        {},
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
      { "vitest-pglite": 1, "playwright-second": 1 },
    );
    expect(failing.out).toContain(
      "✗ vitest-pglite: test/http/login.test.ts › login refuses: AssertionError: expected 401 to be 422",
    );
    expect(failing.out).toContain(
      "✗ playwright-second: login.spec.ts › signs in: Timed out 10000ms",
    );
    // A test that passed only on its retry failed.
    expect(failing.out).toContain(
      "✗ playwright-second: login.spec.ts › signs out (passed on its retry): expected 204, got 500",
    );
    expect(failing.out).not.toContain("login works");
    expect(failing.out.trim().split("\n").at(-1)).toBe("3 passed, 3 failed");

    const clean = totals(
      {
        "vitest-pglite": {
          numPassedTests: 2,
          numFailedTests: 0,
          testResults: [file("x.test.ts", "passed", "", [])],
        },
      },
      { "vitest-pglite": 0 },
    );
    expect(clean.code).toBe(0);
    expect(clean.out).not.toContain("✗");
  });
});
