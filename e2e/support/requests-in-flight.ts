import type { Page, Request } from "@playwright/test";

// Requests a page has sent and not yet seen end, counted from the moment the test's fixtures
// hand it out (e2e/fixtures.ts): Playwright's own "networkidle" is a document's, reached once
// after each load, and says nothing of the reads a screen sends later (record 107's Security
// mounts its cards once GET user/sign-in-methods answers).
const inFlight = new WeakMap<Page, Set<Request>>();

/** How long a page must have had nothing under way: long enough for an answer to mount a reader. */
const QUIET_MS = 150;
/** A bound, whatever the page does (a screen that polls is quiet between two polls). */
const MAX_WAIT_MS = 10_000;

export function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on("request", (request) => pending.add(request));
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
}

/** Resolves once the page has had no request under way for a moment (a page not tracked: its document's network idle). */
export async function requestsSettled(page: Page): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) return page.waitForLoadState("networkidle");
  const deadline = Date.now() + MAX_WAIT_MS;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
