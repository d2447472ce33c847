import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
} from "@playwright/test";
import { linkIn, waitForMail } from "./outbox";
import { requestsSettled } from "./requests-in-flight";

export type TestUser = {
  id: number;
  name: string;
  email: string;
  password: string;
  api: APIRequestContext;
};

export const ADMIN_EMAIL = "admin@example.test";
export const DEFAULT_PASSWORD = "correct-horse-42";

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** The headers of a state-changing JSON call: the XSRF-TOKEN cookie echoed back. */
export async function xsrfHeader(
  api: APIRequestContext,
): Promise<Record<string, string>> {
  const cookie = (await api.storageState()).cookies.find(
    (c) => c.name === "XSRF-TOKEN",
  );
  if (!cookie) throw new Error("no XSRF-TOKEN cookie");
  return { "X-XSRF-TOKEN": cookie.value, Accept: "application/json" };
}

/** The SPA's sequence through the API: CSRF cookie, then a JSON POST with the X-XSRF-TOKEN header. */
export async function postJson(
  api: APIRequestContext,
  path: string,
  data: unknown,
) {
  await api.get("/sanctum/csrf-cookie");
  return api.post(path, { data, headers: await xsrfHeader(api) });
}

/** Registers (and so signs in) a user on its own request context. */
export async function registerUser(
  api: APIRequestContext,
  input: { name: string; email: string; password?: string },
): Promise<TestUser> {
  const password = input.password ?? DEFAULT_PASSWORD;
  const response = await postJson(api, "/auth/register", {
    ...input,
    password,
    password_confirmation: password,
  });
  if (!response.ok())
    throw new Error(
      `register ${input.email}: ${response.status()} ${await response.text()}`,
    );
  const { user } = (await response.json()) as { user: { id: number } };
  return { id: user.id, name: input.name, email: input.email, password, api };
}

/**
 * The administrator of ADMIN_EMAILS: signed in, or registered by the first test that needs it
 * (login first: every register attempt counts against the register limiter of this address). A
 * listed address makes an administrator only once verified (decision record 014), so the address
 * is verified from the emailed link, as its owner would.
 */
export async function signInAdmin(api: APIRequestContext): Promise<TestUser> {
  const name = "Ada Admin";
  const startedAt = new Date();
  const signedIn = await postJson(api, "/auth/login", {
    email: ADMIN_EMAIL,
    password: DEFAULT_PASSWORD,
  });
  const response = signedIn.ok()
    ? signedIn
    : await postJson(api, "/auth/register", {
        name,
        email: ADMIN_EMAIL,
        password: DEFAULT_PASSWORD,
        password_confirmation: DEFAULT_PASSWORD,
      });
  if (!response.ok())
    throw new Error(
      `admin sign-in: ${response.status()} ${await response.text()}`,
    );
  const { user } = (await response.json()) as {
    user: { id: number; name: string };
  };
  if (!signedIn.ok()) await followVerificationLink(api, startedAt);
  else if (
    !(
      (await (
        await api.get("/auth/get-auth", {
          headers: { Accept: "application/json" },
        })
      ).json()) as { verified: boolean }
    ).verified
  ) {
    const askedAt = new Date();
    await postJson(api, "/auth/email-verification-notification", {});
    await followVerificationLink(api, askedAt);
  }
  return {
    id: user.id,
    name: user.name,
    email: ADMIN_EMAIL,
    password: DEFAULT_PASSWORD,
    api,
  };
}

/** Opens the newest verification link sent to `email` with that user's session (contract §4 rule 5). */
export async function followVerificationLink(
  api: APIRequestContext,
  since: Date,
  email = ADMIN_EMAIL,
): Promise<void> {
  const mail = await waitForMail(email, {
    subject: /Verify Email Address/,
    since,
  });
  const response = await api.get(linkIn(mail, /\/auth\/email\/verify\//), {
    headers: { Accept: "application/json" },
  });
  if (!response.ok())
    throw new Error(
      `verification of ${email}: ${response.status()} ${await response.text()}`,
    );
}

/** Gives the browser the session of a user signed in through the API. */
export async function useSessionOf(
  context: BrowserContext,
  user: TestUser,
): Promise<void> {
  await context.clearCookies();
  await context.addCookies((await user.api.storageState()).cookies);
}

/**
 * The step-up through the API (`POST user/confirm-password`): the user's session may then change
 * its email, create tokens or settings for a while without the dialog asking. For journeys about
 * something else; the dialog itself has its own (e2e/two-factor.spec.ts, browser-sessions.spec.ts).
 */
export async function confirmPasswordOf(user: TestUser): Promise<void> {
  const response = await postJson(user.api, "/auth/user/confirm-password", {
    password: user.password,
  });
  if (response.status() !== 201)
    throw new Error(
      `confirm-password ${user.email}: ${response.status()} ${await response.text()}`,
    );
}

/**
 * Signs out as a person does: the user menu in the header (opened unless it already is: choosing
 * a language keeps it open), then its Sign out.
 */
export async function signOut(page: Page, signOutLabel = "Sign out") {
  // The screen's reads first: one still on its way when the sign-out lands is answered 401, which
  // the browser logs as an error (a CI failure: Security's GET user/sessions, sent once GET
  // user/sign-in-methods had answered, just after a reload).
  await requestsSettled(page);
  const menu = page
    .getByRole("banner")
    .getByRole("button", { name: /\(account menu\)|\(menú de la cuenta\)/ });
  await expect(menu).toBeVisible();
  if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
  await page.getByRole("button", { name: signOutLabel, exact: true }).click();
  // Signed out once the screen says so: a navigation started sooner can cancel the request, or
  // land while it is still on its way, and find the session still there.
  await expect(menu).toBeHidden();
}
