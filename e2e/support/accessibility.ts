import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { showScheme } from "./color-scheme";
import { screenshotOf } from "./screenshots";

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

/**
 * The rules whose result a colour scheme can change: 1.4.3 Contrast (Minimum) and 1.4.1 Use of
 * Color (a link in a block of text told apart by colour alone). A scheme changes the colour tokens
 * and nothing else (app/globals.css, decision record 066), so on an unchanged page every other
 * rule gives in the dark what it gave in the light.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** The serious findings of one axe run, one entry per element: every WCAG rule, or the colour ones. */
async function findingsOf(
  page: Page,
  rules: "all" | "colour",
): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // axe.run in the page itself. The default mode runs axe in each frame, then opens a blank
    // page in the context to merge the frames' results: a page per run, for screens that have no
    // frames (decision record 097).
    .setLegacyMode()
    .options(
      rules === "all"
        ? {
            runOnly: { type: "tag", values: WCAG_TAGS },
            rules: Object.fromEntries(
              EXPERIMENTAL_WCAG_RULES.map((rule) => [rule, { enabled: true }]),
            ),
          }
        : { runOnly: { type: "rule", values: COLOUR_RULES } },
    )
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
 * system's, which the screens follow unless the user menu chose one: decision record 066). The
 * light pass runs every WCAG rule; the dark pass runs the colour rules when the page's
 * accessibility tree is the one the light pass saw, and every rule when it is not (the page was
 * still loading, a countdown moved, or something shows only in the dark). It fails the test
 * (softly: the journey goes on, and every screen's findings are reported together) on any serious
 * or critical WCAG A/AA violation, one entry per element: rule, impact, what it asks for, the
 * element (selector and markup) and axe's explanation. With `screenshot`, the page is also
 * photographed in the dark after the dark pass and in the light after it, as `snap` would.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  options: {
    /** Also a screenshot in each scheme, between the passes (`screenshotOf`): one change of scheme each way. */
    screenshot?: string;
  } = {},
): Promise<void> {
  // Photographed, it is checked from the top too, as the screenshot shows it.
  if (options.screenshot) await page.evaluate(() => window.scrollTo(0, 0));
  // A client-side navigation renders the screen first and applies its metadata after: axe would
  // find the previous title gone and none yet. A screen that never gets one still fails here.
  await expect(page, `the title of "${screen}"`).toHaveTitle(/\S/);
  const wasDark = await page.evaluate(
    () => matchMedia("(prefers-color-scheme: dark)").matches,
  );
  const tree = () => page.locator("body").ariaSnapshot();
  await showScheme(page, "light");
  const lightTree = await tree();
  const light = await findingsOf(page, "all");
  await showScheme(page, "dark");
  const dark = await findingsOf(
    page,
    (await tree()) === lightTree ? "colour" : "all",
  );
  if (options.screenshot) {
    await screenshotOf(page, options.screenshot, "dark");
    await showScheme(page, "light");
    await screenshotOf(page, options.screenshot, "light");
  }
  await showScheme(page, wasDark ? "dark" : "light");
  expect
    .soft(
      [
        ...light.map((finding) => `[light] ${finding}`),
        ...dark.map((finding) => `[dark] ${finding}`),
      ],
      `serious or critical accessibility violations on "${screen}" (${page.url()})`,
    )
    .toEqual([]);
}
