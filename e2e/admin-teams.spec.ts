import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { linkIn, waitForMail } from "./support/outbox";
import { toasts } from "./support/toasts";
import { translator } from "./support/translator";
import { type TestUser, postJson } from "./support/users";

/** A team of `owner` with `members` (each invited as an editor and accepting through the API). */
async function teamOf(owner: TestUser, name: string, members: TestUser[]) {
  const created = await postJson(owner.api, "/teams", { name });
  expect(created.ok(), await created.text()).toBe(true);
  const { team } = (await created.json()) as { team: { id: number } };
  for (const member of members) {
    const invitedAt = new Date();
    const invited = await postJson(owner.api, `/teams/${team.id}/members`, {
      email: member.email,
      role: "editor",
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const link = linkIn(
      await waitForMail(member.email, { since: invitedAt }),
      /^\/team-invitations\/\d+$/,
    );
    expect((await member.api.get(link)).ok()).toBe(true);
  }
  return team.id;
}

// The administrators' team screens (decision record 106): a user's teams in the list, the team's
// page, a member removed after the step-up, and the team handed to another member, the previous
// owner keeping the role the administrator chose.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Teams for administrators (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 240_000 });

    test("sees a user's team, opens it, removes a member and makes another the owner", async ({
      page,
      users,
      guard,
    }) => {
      const t = translator(variant.locale);
      const owner = await users.create(`tadmin-owner-${variant.slug}`, {
        name: "Olga Owner",
        verified: true,
      });
      const ada = await users.create(`tadmin-ada-${variant.slug}`, {
        name: "Ada Member",
        verified: true,
      });
      const bob = await users.create(`tadmin-bob-${variant.slug}`, {
        name: "Bob Member",
        verified: true,
      });
      const teamName = `Orbit ${variant.slug}`;
      await teamOf(owner, teamName, [ada, bob]);

      // The list: Ada's team by name, with her role.
      const admin = await users.admin();
      await users.signIn(admin);
      await page.goto("/admin/users");
      await page
        .getByRole("searchbox", { name: t("Search users") })
        .fill(ada.email);
      await page
        .getByRole("button", { name: t("Search"), exact: true })
        .click();
      const adaTeams = page.getByRole("list", {
        name: t("Teams of :name", { name: "Ada Member" }),
      });
      // Her personal team (registration makes one while teams are on) and the one she joined.
      await expect(adaTeams.getByRole("listitem")).toHaveCount(2);
      await expect(adaTeams).toContainText(teamName);
      await expect(adaTeams).toContainText("editor");
      await expectAccessible(page, `users with teams (${variant.name})`, {
        screenshot: `admin-users-teams-${variant.slug}`,
      });

      // The team's page: the owner and both members.
      await adaTeams.getByRole("link", { name: teamName }).click();
      await expect(page).toHaveURL(/\/admin\/teams\/view\/\d+$/);
      await expect(
        page.getByRole("heading", { name: teamName, level: 1 }),
      ).toBeVisible();
      const members = page.getByRole("list", { name: t("Team members") });
      await expect(members.getByRole("listitem")).toHaveCount(2);
      await expect(page.getByText(owner.email)).toBeVisible();
      await expectAccessible(
        page,
        `a team for administrators (${variant.name})`,
        {
          screenshot: `admin-team-${variant.slug}`,
        },
      );

      // Remove Ada: a confirmation, then the step-up.
      guard.allow(/\/api\/admin\/teams\/\d+\/members\/\d+$/, 423);
      await members
        .getByRole("button", {
          name: t("Remove from team: :name", { name: "Ada Member" }),
        })
        .click();
      const question = page.getByRole("dialog", {
        name: t("Remove team member?"),
      });
      await question
        .getByRole("button", { name: t("Remove from team") })
        .click();
      const stepUp = page.getByRole("dialog", {
        name: t("Confirm your password"),
      });
      await stepUp
        .getByLabel(t("Password"), { exact: true })
        .fill(admin.password);
      await stepUp.getByRole("button", { name: t("Confirm") }).click();
      await expect(question).toHaveCount(0);
      await expect(toasts(page, variant.locale)).toContainText(
        t("The member has been removed from the team."),
      );
      await expect(members.getByRole("listitem")).toHaveCount(1);
      await expect(members).not.toContainText(ada.email);

      // Make Bob the owner: Olga stays as an editor.
      await members
        .getByRole("button", {
          name: t("Make owner: :name", { name: "Bob Member" }),
        })
        .click();
      const handOver = page.getByRole("dialog", { name: t("Make owner?") });
      await handOver.getByRole("button", { name: t("Make owner") }).click();
      await expect(
        handOver.getByText(t("Choose the role the previous owner keeps.")),
      ).toBeVisible();
      await expectAccessible(page, `make owner (${variant.name})`, {
        screenshot: `admin-team-make-owner-${variant.slug}`,
      });
      await handOver.getByRole("radio", { name: /Editor/ }).check();
      await handOver.getByRole("button", { name: t("Make owner") }).click();
      await expect(handOver).toHaveCount(0);
      await expect(toasts(page, variant.locale)).toContainText(
        t("The team has a new owner."),
      );
      await expect(members.getByRole("listitem")).toHaveCount(1);
      await expect(members).toContainText(owner.email);
      await expect(members).not.toContainText(bob.email);
      await expect(page.getByText(bob.email)).toBeVisible();
      await expectAccessible(page, `a team handed over (${variant.name})`, {
        screenshot: `admin-team-handed-over-${variant.slug}`,
      });
    });
  });
}
