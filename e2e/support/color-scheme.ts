import type { Page } from "@playwright/test";

/**
 * Switches the page to a colour scheme, as a person who asked for reduced motion sees it, and
 * waits for any CSS transition it still starts. A change of scheme changes every colour token
 * (app/globals.css), and a control with `transition-colors` moves to its new colours over 150 ms:
 * measured or photographed in between, it shows the old scheme's colours on the new scheme's
 * background, which no person sees for longer than a blink. Under reduced motion the screens make
 * no transitions (app/globals.css), so the page is at rest at once: waiting out 150 ms at each of
 * the three changes a checked screen makes was a fifth of the accessibility walk's time (decision
 * record 117). The page stays in reduced motion after, as it stays in the scheme. Looping
 * animations (a skeleton's pulse) never finish, so only transitions are awaited.
 */
export async function showScheme(
  page: Page,
  colorScheme: "light" | "dark",
): Promise<void> {
  await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
