import type { Page } from "@playwright/test";

/**
 * Switches the page to a colour scheme and waits for the CSS transitions it starts. A change of
 * scheme changes every colour token (app/globals.css), and a control with `transition-colors`
 * moves to its new colours over 150 ms: measured or photographed in between, it shows the old
 * scheme's colours on the new scheme's background, which no person sees for longer than a blink.
 * Looping animations (a skeleton's pulse) never finish, so only transitions are awaited.
 */
export async function showScheme(
  page: Page,
  colorScheme: "light" | "dark",
): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
