import { mkdir } from "node:fs/promises";
import type { Page } from "@playwright/test";

/** Where a journey's screenshots are kept, to look at after the run. */
const SCREENSHOTS_DIR = "test-results/screenshots";

/**
 * A full-page screenshot of the page in the scheme it shows now:
 * test-results/screenshots/<name>.png, or <name>-dark.png in the dark.
 */
export async function screenshotOf(
  page: Page,
  name: string,
  scheme: "light" | "dark",
): Promise<void> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  // From the top: a scrolled page would paint its sticky bar in the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: `${SCREENSHOTS_DIR}/${name}${scheme === "dark" ? "-dark" : ""}.png`,
    fullPage: true,
  });
}
