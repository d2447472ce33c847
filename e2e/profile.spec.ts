import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { linkIn, waitForMail } from "./support/outbox";
import { gradientPng } from "./support/png";
import { confirmPasswordOf, uniqueEmail } from "./support/users";
import { SPANISH_PHONE } from "./support/devices";

test("a user edits their profile (confirming the password for the new address), then uploads and removes a photo", async ({
  page,
  users,
  guard,
  snap,
}) => {
  const user = await users.create("profile", { name: "Paula Profile" });
  await users.signIn(user);
  await page.goto("/admin/account/profile");

  const newEmail = uniqueEmail("renamed");
  await page.getByLabel("Name", { exact: true }).fill("Paula Renamed");
  await page.getByLabel("Email address").fill(newEmail);
  // A new address is behind the step-up (decision record 024): the dialog asks, the save goes again.
  guard.allow(/\/api\/app\/user\/update$/, 423);
  await page.getByRole("button", { name: "Save profile" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(stepUp.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  await expect(stepUp).toHaveCount(0);
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  // The address in force stays until the new one is confirmed (decision record 012).
  await expect(
    page.getByRole("banner").getByRole("button", {
      name: `Paula Renamed ${user.email} (account menu)`,
    }),
  ).toBeVisible();
  await expect(
    page.getByText("Check your inbox to confirm your new email address"),
  ).toBeVisible();

  const photoCard = page.getByRole("region", { name: "Photo" });
  await page.getByLabel("Upload a photo").setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: gradientPng(),
  });
  await expect(page.getByText("Your photo has been updated.")).toBeVisible();
  await expect(photoCard.locator("img")).toHaveAttribute("src", /^\/uploads\//);
  await expectAccessible(page, "profile with a photo", {
    screenshot: "profile-with-photo",
  });

  // Images only: anything else is refused before it is sent.
  await page.getByLabel("Change photo").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(photoCard.getByRole("alert")).toHaveText(/Choose an image file/);
  await expectAccessible(page, "profile with a refused file");

  await page.getByRole("button", { name: "Remove photo" }).click();
  await expect(page.getByText("Your photo has been removed.")).toBeVisible();
  await expect(photoCard.locator("img")).toHaveCount(0);
  await snap("profile-photo-removed");

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(
    "Paula Renamed",
  );
  await expect(page.getByLabel("Email address")).toHaveValue(user.email);
  await expect(
    page.getByText(`We sent a confirmation link to ${newEmail}.`, {
      exact: false,
    }),
  ).toBeVisible();
});

test("a new email address stays pending until the link from the outbox confirms it, after signing in again", async ({
  page,
  users,
  snap,
}) => {
  const user = await users.create("mover", { name: "Mona Mover" });
  await confirmPasswordOf(user);
  await users.signIn(user);
  await page.goto("/admin/account/profile");

  const newEmail = uniqueEmail("moved");
  await page.getByLabel("Email address").fill(newEmail);
  await page.getByRole("button", { name: "Save profile" }).click();
  const notice = page
    .getByRole("status")
    .filter({ hasText: "Check your inbox to confirm your new email address" });
  await expect(notice).toContainText(
    `We sent a confirmation link to ${newEmail}. Until you open it, you keep signing in with ${user.email}.`,
  );
  await expect(
    page
      .getByRole("banner")
      .getByRole("button", { name: `Mona Mover ${user.email} (account menu)` }),
  ).toBeVisible();
  await snap("profile-email-pending");

  // The address in force was told, with the time and the address of the request.
  const warning = await waitForMail(user.email, {
    subject: /change of your email address/,
  });
  expect(warning.text).toContain(newEmail);
  expect(warning.text).toMatch(
    /at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC from the address /,
  );

  // Resend: a fresh link (the first stops working), with progress and a confirmation.
  const first = linkIn(
    await waitForMail(newEmail, { subject: /Confirm your new email address/ }),
    /\/api\/app\/user\/email\/confirm\//,
  );
  const resentAt = new Date();
  await page.getByRole("button", { name: "Resend confirmation link" }).click();
  await expect(
    page.getByText(`A new confirmation link has been sent to ${newEmail}.`),
  ).toBeVisible();
  const link = linkIn(
    await waitForMail(newEmail, {
      subject: /Confirm your new email address/,
      since: resentAt,
    }),
    /\/api\/app\/user\/email\/confirm\//,
  );
  expect(link).not.toBe(first);
  await snap("profile-email-resent");

  // Opened in a browser without the session: sign in (with the address still in force), then back to the link.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(
    /\/auth\/login\?redirect=%2Fapi%2Fapp%2Fuser%2Femail%2Fconfirm%2F/,
  );
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/account\/profile$/);
  await expect(
    page.getByText("Your email address has been changed."),
  ).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(newEmail);
  await expect(
    page.getByText("Check your inbox to confirm your new email address"),
  ).toHaveCount(0);
  await snap("profile-email-confirmed");

  // The link works once: followed again, the profile screen says why nothing happened.
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin\/account\/profile$/);
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "This email change link is invalid or has expired." }),
  ).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(newEmail);
  await snap("profile-email-link-used");
});

test.describe("on a phone, in Spanish", () => {
  test.use(SPANISH_PHONE);

  test("the pending address is shown and the change is cancelled from the keyboard", async ({
    page,
    users,
    snap,
  }) => {
    const user = await users.create("telefono", { name: "Tomás Teléfono" });
    await confirmPasswordOf(user);
    await users.signIn(user);
    await page.goto("/admin/account/profile");
    const newEmail = uniqueEmail("nuevo");
    await page.getByLabel("Correo electrónico").fill(newEmail);
    await page.getByLabel("Correo electrónico").press("Enter");
    await expect(
      page.getByText(
        "Revisa tu bandeja de entrada para confirmar tu nuevo correo electrónico",
      ),
    ).toBeVisible();
    await expect(
      page.getByText(`Hemos enviado un enlace de confirmación a ${newEmail}.`, {
        exact: false,
      }),
    ).toBeVisible();
    await snap("profile-email-pending-phone-es");

    const cancel = page.getByRole("button", {
      name: "Cancelar el cambio de correo",
    });
    await cancel.focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByText(
        "Revisa tu bandeja de entrada para confirmar tu nuevo correo electrónico",
      ),
    ).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(user.email);
    await expect(
      page.getByText(
        "Revisa tu bandeja de entrada para confirmar tu nuevo correo electrónico",
      ),
    ).toHaveCount(0);
    await snap("profile-email-cancelled-phone-es");
  });
});
