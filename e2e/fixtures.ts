import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import { showScheme } from "./support/color-scheme";
import { trackRequests } from "./support/requests-in-flight";
import { screenshotOf } from "./support/screenshots";
import {
  registerUser,
  followVerificationLink,
  signInAdmin,
  type TestUser,
  uniqueEmail,
  useSessionOf,
} from "./support/users";

export { expect };

type Problem = {
  kind: "console" | "pageerror" | "requestfailed" | "response";
  text: string;
  url: string;
  status?: number;
};
type Allowance = { url: RegExp; status?: number };

export type Guard = {
  /** A failure this test provokes on purpose (a 422 from a wrong password…), by URL and status. */
  allow(url: RegExp, status?: number): void;
};

export type Users = {
  /**
   * A fresh user, registered (and signed in) through the API on its own request context;
   * `verified` follows the emailed link, as a user who adds a passkey or a second factor must
   * have done (decision record 028).
   */
  create(
    label: string,
    options?: { name?: string; password?: string; verified?: boolean },
  ): Promise<TestUser>;
  /** admin@example.test, registered through the API the first time. */
  admin(): Promise<TestUser>;
  /** Gives the test's browser that user's session. */
  signIn(user: TestUser): Promise<void>;
};

const STATUS_IN_CONSOLE = /status of (\d{3})/;

// A console message names the failed request in its text (a CORS refusal is located at the page).
function isAllowed(problem: Problem, allowances: Allowance[]): boolean {
  return allowances.some(
    (allowance) =>
      (allowance.url.test(problem.url) ||
        (problem.kind === "console" && allowance.url.test(problem.text))) &&
      (allowance.status === undefined || allowance.status === problem.status),
  );
}

/** Watches the page: any console error, page error, failed request or HTTP error the test did not allow fails it. */
function watch(page: Page, problems: Problem[]): void {
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const status = STATUS_IN_CONSOLE.exec(message.text())?.[1];
    problems.push({
      kind: "console",
      text: message.text(),
      url: message.location().url,
      status: status ? Number(status) : undefined,
    });
  });
  page.on("pageerror", (error) =>
    problems.push({ kind: "pageerror", text: error.message, url: page.url() }),
  );
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    // Cancelled, not failed: a navigation superseded by the next one, an abandoned prefetch.
    if (failure.includes("ERR_ABORTED")) return;
    problems.push({ kind: "requestfailed", text: failure, url: request.url() });
  });
  page.on("response", (response) => {
    if (response.status() >= 400)
      problems.push({
        kind: "response",
        text: response.statusText(),
        url: response.url(),
        status: response.status(),
      });
  });
}

export const test = base.extend<{
  guard: Guard;
  users: Users;
  /** A full-page screenshot in light and dark: test-results/screenshots/<name>(-dark).png. */
  snap: (name: string) => Promise<void>;
}>({
  guard: [
    async ({ page }, use) => {
      const problems: Problem[] = [];
      const allowances: Allowance[] = [];
      watch(page, problems);
      trackRequests(page);
      await use({ allow: (url, status) => allowances.push({ url, status }) });
      const unexpected = problems.filter(
        (problem) => !isAllowed(problem, allowances),
      );
      expect(
        unexpected,
        "console errors or failed requests the test did not expect",
      ).toEqual([]);
    },
    { auto: true },
  ],

  users: async ({ playwright, baseURL, context }, use) => {
    const contexts: APIRequestContext[] = [];
    const newApi = async () => {
      const api = await playwright.request.newContext({ baseURL });
      contexts.push(api);
      return api;
    };
    await use({
      async create(label, options = {}) {
        const name =
          options.name ??
          `${label.charAt(0).toUpperCase()}${label.slice(1)} Tester`;
        const registeredAt = new Date();
        const api = await newApi();
        const user = await registerUser(api, {
          name,
          email: uniqueEmail(label),
          password: options.password,
        });
        if (options.verified)
          await followVerificationLink(api, registeredAt, user.email);
        return user;
      },
      admin: async () => signInAdmin(await newApi()),
      signIn: (user) => useSessionOf(context, user),
    });
    await Promise.all(contexts.map((api) => api.dispose()));
  },

  /** A full-page screenshot in test-results/screenshots/, to look at after the run. */
  snap: async ({ page }, use) => {
    await use(async (name) => {
      // Every screen in both schemes (issue 25): the test's own first, then the other, then back.
      const first = (await page.evaluate(
        () => matchMedia("(prefers-color-scheme: dark)").matches,
      ))
        ? "dark"
        : "light";
      const schemes = [first, first === "dark" ? "light" : "dark"] as const;
      for (const scheme of schemes) {
        await showScheme(page, scheme);
        await screenshotOf(page, name, scheme);
      }
      await showScheme(page, first);
    });
  },
});
