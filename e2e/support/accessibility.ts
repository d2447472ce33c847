import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { showScheme } from "./color-scheme";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
];

/**
 * Rules axe ships as experimental, so a tag filter leaves them out, but which test a WCAG success
 * criterion all the same: 2.5.3 Label in Name (a control's accessible name contains its visible
 * text, so a speech user can say what they see).
 */
const EXPERIMENTAL_WCAG_RULES = ["label-content-name-mismatch"];

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** The serious findings of one axe run, one entry per element. */
async function findingsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: "tag", values: WCAG_TAGS },
      rules: Object.fromEntries(
        EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }]),
      ),
    })
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map((node) =>
        [
          `${violation.id} (${violation.impact}): ${violation.help}`,
          `at ${node.target.join(" ")}: ${node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html}`,
          ...(node.failureSummary ?? "").split("\n"),
        ].join("\n    "),
      ),
    );
}

/**
 * Runs axe-core on the page as it is now, in the light and in the dark colour scheme (the
 * system's, which the screens follow unless the user menu chose one: decision record 066), and
 * fails the test (softly: the journey goes on, and every
 * screen's findings are reported together) on any serious or critical WCAG A/AA violation, one entry
 * per element: rule, impact, what it asks for, the element (selector and markup) and axe's explanation.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
): Promise<void> {
  const wasDark = await page.evaluate(
    () => matchMedia("(prefers-color-scheme: dark)").matches,
  );
  const findings: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await showScheme(page, colorScheme);
    findings.push(
      ...(await findingsOf(page)).map(
        (finding) => `[${colorScheme}] ${finding}`,
      ),
    );
  }
  await showScheme(page, wasDark ? "dark" : "light");
  expect
    .soft(
      findings,
      `serious or critical accessibility violations on "${screen}" (${page.url()})`,
    )
    .toEqual([]);
}
