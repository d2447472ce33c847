import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { linkIn, waitForMail } from "./support/outbox";
import { toasts } from "./support/toasts";
import { translator } from "./support/translator";
import { postJson } from "./support/users";

/** Opens the header's account menu (unless it is open already). */
async function openMenu(page: Page) {
  const menu = page
    .getByRole("banner")
    .getByRole("button", { name: /\(account menu\)|\(menú de la cuenta\)/ });
  if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
}

// Teams' screens (decision record 105) on Jetstream's routes (087): a team created from the user
// menu, renamed, a member invited by mail who accepts signed out (sign in, back to the link) and
// another signed in, a role changed, a member removed, the team switched to, and deleted.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Teams (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 300_000 });

    test("create, rename, invite, accept, change a role, remove, switch and delete", async ({
      page,
      users,
    }) => {
      const t = translator(variant.locale);
      const owner = await users.create(`team-owner-${variant.slug}`, {
        verified: true,
      });
      const ada = await users.create(`team-ada-${variant.slug}`, {
        name: "Ada Member",
        verified: true,
      });
      const bob = await users.create(`team-bob-${variant.slug}`, {
        name: "Bob Member",
        verified: true,
      });

      // Create, from the user menu's team section.
      await users.signIn(owner);
      await page.goto("/admin");
      await openMenu(page);
      await page.getByRole("link", { name: t("Create new team") }).click();
      await expect(
        page.getByRole("heading", { name: t("Create a team"), level: 1 }),
      ).toBeVisible();
      await expectAccessible(page, `create a team (${variant.name})`, {
        screenshot: `team-create-${variant.slug}`,
      });
      await page
        .getByRole("textbox", { name: t("Team name") })
        .fill("Research");
      await page.getByRole("button", { name: t("Create team") }).click();
      await expect(page).toHaveURL(/\/admin\/teams\/\d+$/);
      const settingsPath = new URL(page.url()).pathname;

      // Rename.
      const name = page.getByRole("textbox", { name: t("Team name") });
      await expect(name).toHaveValue("Research");
      await name.fill("Research Lab");
      await page.getByRole("button", { name: t("Save") }).click();
      await expect(toasts(page, variant.locale)).toContainText(
        t("The team name has been saved."),
      );

      // Invite two people by address, each with a role.
      const invitedAt = new Date();
      for (const person of [ada, bob]) {
        await page.getByLabel(t("Email"), { exact: true }).fill(person.email);
        await page.getByRole("radio", { name: /Editor/ }).check();
        await page.getByRole("button", { name: t("Add"), exact: true }).click();
        await expect(toasts(page, variant.locale)).toContainText(
          t("An invitation has been sent to :email.", { email: person.email }),
        );
      }
      const pending = page.getByRole("list", {
        name: t("Pending team invitations"),
      });
      await expect(pending.getByRole("listitem")).toHaveCount(2);
      await expectAccessible(page, `team settings, owner (${variant.name})`, {
        screenshot: `team-settings-owner-${variant.slug}`,
      });
      const adaLink = linkIn(
        await waitForMail(ada.email, { since: invitedAt }),
        /^\/team-invitations\/\d+$/,
      );
      const bobLink = linkIn(
        await waitForMail(bob.email, { since: invitedAt }),
        /^\/team-invitations\/\d+$/,
      );

      // Opened by the wrong account (the owner's browser): the screen says why, and offers to
      // sign in as another account and come back to the same link.
      await page.goto(adaLink);
      await expect(page).toHaveURL(/\/admin\/teams\/invitation\?link=/);
      await expect(
        page.getByText(t("This invitation was sent to another email address.")),
      ).toBeVisible();
      await expectAccessible(page, `invitation refused (${variant.name})`, {
        screenshot: `team-invitation-refused-${variant.slug}`,
      });
      await page
        .getByRole("button", { name: t("Sign in with another account") })
        .click();
      await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
      await page.getByLabel(t("Email address")).fill(ada.email);
      await page.getByLabel(t("Password"), { exact: true }).fill(ada.password);
      await page
        .getByRole("button", { name: t("Sign in"), exact: true })
        .click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(toasts(page, variant.locale)).toContainText(
        t("Great! You have accepted the invitation to join the :team team.", {
          team: "Research Lab",
        }),
      );

      // The owner's browser session was the owner's API session: signed out above, so in again.
      await postJson(owner.api, "/auth/login", {
        email: owner.email,
        password: owner.password,
      });

      // Signed in as the invited account: the link accepts at once.
      await users.signIn(bob);
      await page.goto(bobLink);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(toasts(page, variant.locale)).toContainText(
        t("Great! You have accepted the invitation to join the :team team.", {
          team: "Research Lab",
        }),
      );

      // The owner changes Ada's role and removes Bob.
      await users.signIn(owner);
      await page.goto(settingsPath);
      const members = page.getByRole("list", { name: t("Team members") });
      await expect(members.getByRole("listitem")).toHaveCount(2);
      await page
        .getByLabel(t("Role of :name", { name: "Ada Member" }))
        .selectOption("admin");
      await expect(toasts(page, variant.locale)).toContainText(
        t("The role has been changed."),
      );
      await page
        .getByRole("button", {
          name: t("Remove :name", { name: "Bob Member" }),
        })
        .click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: t("Remove") })
        .click();
      await expect(members.getByRole("listitem")).toHaveCount(1);
      await expect(toasts(page, variant.locale)).toContainText(
        t("The member has been removed."),
      );

      // Ada switches to the team from the menu and sees it read-only, with Leave on her line.
      await users.signIn(ada);
      await page.goto("/admin");
      await openMenu(page);
      await page.getByRole("button", { name: "Research Lab" }).click();
      await expect(toasts(page, variant.locale)).toContainText(
        t("Switched team."),
      );
      await openMenu(page);
      await expect(
        page.getByText(t("Team: :team", { team: "Research Lab" })),
      ).toBeVisible();
      await expectAccessible(page, `team switcher (${variant.name})`, {
        screenshot: `team-switcher-${variant.slug}`,
      });
      await page.getByRole("link", { name: t("Team settings") }).click();
      await expect(page).toHaveURL(new RegExp(`${settingsPath}$`));
      await expect(
        page.getByRole("textbox", { name: t("Team name") }),
      ).toHaveAttribute("readonly", "");
      await expect(
        page.getByRole("button", { name: t("Add"), exact: true }),
      ).toHaveCount(0);
      await expect(
        page.getByRole("button", { name: t("Leave"), exact: true }),
      ).toBeVisible();
      await expectAccessible(page, `team settings, member (${variant.name})`, {
        screenshot: `team-settings-member-${variant.slug}`,
      });

      // The owner deletes it, after a confirmation.
      await users.signIn(owner);
      await page.goto(settingsPath);
      await page
        .getByRole("button", { name: t("Delete team"), exact: true })
        .click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t("Delete team") }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(toasts(page, variant.locale)).toContainText(
        t("The team has been deleted."),
      );
    });
  });
}
