import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { gradientPng } from "./support/png";
import { uniqueEmail } from "./support/users";

test("a user edits their profile, then uploads and removes a photo", async ({ page, users, snap }) => {
  const user = await users.create("profile", { name: "Paula Profile" });
  await users.signIn(user);
  await page.goto("/admin/profile");

  const newEmail = uniqueEmail("renamed");
  await page.getByLabel("Name", { exact: true }).fill("Paula Renamed");
  await page.getByLabel("Email address").fill(newEmail);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: `Paula Renamed ${newEmail} (your profile)` })).toBeVisible();

  const photoCard = page.getByRole("region", { name: "Photo" });
  await page.getByLabel("Upload a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: gradientPng() });
  await expect(page.getByText("Your photo has been updated.")).toBeVisible();
  await expect(photoCard.locator("img")).toHaveAttribute("src", /^\/uploads\//);
  await snap("profile-with-photo");
  await expectAccessible(page, "profile with a photo");

  // Images only: anything else is refused before it is sent.
  await page.getByLabel("Change photo").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(photoCard.getByRole("alert")).toHaveText(/Choose an image file/);
  await expectAccessible(page, "profile with a refused file");

  await page.getByRole("button", { name: "Remove photo" }).click();
  await expect(page.getByText("Your photo has been removed.")).toBeVisible();
  await expect(photoCard.locator("img")).toHaveCount(0);
  await snap("profile-photo-removed");

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Paula Renamed");
  await expect(page.getByLabel("Email address")).toHaveValue(newEmail);
});
