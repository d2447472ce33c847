import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { translator } from "./support/translator";
import { DEFAULT_PASSWORD, uniqueEmail } from "./support/users";
import { SPANISH_PHONE } from "./support/devices";

// Issue 25's registration items, on a phone in Spanish (decision record 069): every mistake at
// once in the application's words, never the browser's bubbles; the first field focused; a
// password shown on request; and a taken address answered as often as it is tried, because only
// valid input counts against the per-email limit.
test.use(SPANISH_PHONE);

const t = translator("es");
/** A field's description begins with its error (a password field's rules hint follows it). */
const startsWith = (message: string) =>
  new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

test("registration in Spanish on a phone: every mistake at once, in our words, and a taken address never runs out the tries", async ({
  page,
  users,
  guard,
}) => {
  const existing = await users.create("ocupada");
  guard.allow(/\/auth\/register$/, 422);
  await page.goto("/auth/register");
  const name = page.getByLabel(t("Name"));
  const email = page.getByLabel(t("Email address"));
  const password = page.getByLabel(t("Password"), { exact: true });
  const confirmation = page.getByLabel(t("Confirm password"));
  const submit = page.getByRole("button", { name: t("Create account") });
  await expect(name).toBeFocused();

  // Nothing typed: every field says so at once, and the page stays.
  await submit.click();
  for (const field of [name, email, password, confirmation]) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(
      startsWith(t("This field is required.")),
    );
  }
  await expect(page).toHaveURL(/\/auth\/register$/);

  // Three mistakes at once: the address's form, a short password, a confirmation that differs
  // (the mismatch sits on the confirmation, in our words).
  await name.fill("Rosa Registro");
  await email.fill("rosa-sin-arroba");
  await password.fill("corta");
  await confirmation.fill("distinta");
  await submit.click();
  await expect(email).toHaveAccessibleDescription(
    startsWith(t("Enter an email address, like name@example.com.")),
  );
  await expect(password).toHaveAccessibleDescription(
    startsWith(t("Use at least :min characters.", { min: 8 })),
  );
  await expect(confirmation).toHaveAccessibleDescription(
    startsWith(t("The passwords do not match.")),
  );
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "register, every mistake at once (es, phone)", {
    screenshot: "register-es-phone-mistakes",
  });

  // The password is shown on request, and hidden again.
  const reveal = page
    .getByRole("button", { name: `${t("Show")} ${t("password")}` })
    .first();
  await reveal.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(reveal).toHaveAttribute("aria-pressed", "true");
  await reveal.click();
  await expect(password).toHaveAttribute("type", "password");

  // A taken address, tried more often than the per-email limit allows (3 an hour): each time the
  // same answer beside the field, with its owner's ways in; never "too many attempts".
  await email.fill(existing.email);
  await password.fill(DEFAULT_PASSWORD);
  await confirmation.fill(DEFAULT_PASSWORD);
  // The server's 422 is Laravel's "El valor del campo correo electrónico ya está en uso."; the
  // screen says it in our words (lib/client/form-errors.ts).
  const taken = t("An account with this email address already exists.");
  for (let attempt = 1; attempt <= 4; attempt++) {
    const answered = page.waitForResponse(/\/auth\/register$/);
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(422);
    // The server's own words name the field in Spanish ("correo electrónico", never "email").
    expect((await response.json()).errors.email).toEqual([
      t("The :attribute has already been taken.", {
        attribute: t("validation.attributes.email"),
      }),
    ]);
    await expect(email).toHaveAccessibleDescription(startsWith(taken));
  }
  await expect(page.getByText(t("Too Many Attempts."))).toHaveCount(0);
  await expect(
    page.getByRole("link", { name: t("reset your password") }),
  ).toBeVisible();
  await expectAccessible(page, "register, a taken address (es, phone)", {
    screenshot: "register-es-phone-taken",
  });

  // A taken address and a short password at once: our check of the password does not keep the
  // form from asking the server, so both are told together (issue 48, item 11).
  await password.fill("corta");
  await confirmation.fill("corta");
  const answered = page.waitForResponse(/\/auth\/register$/);
  await submit.click();
  expect((await answered).status()).toBe(422);
  await expect(email).toHaveAccessibleDescription(startsWith(taken));
  await expect(password).toHaveAccessibleDescription(
    startsWith(t("Use at least :min characters.", { min: 8 })),
  );
  await password.fill(DEFAULT_PASSWORD);
  await confirmation.fill(DEFAULT_PASSWORD);

  // A free address goes through.
  await email.fill(uniqueEmail("rosa"));
  await submit.click();
  await expect(page).toHaveURL(/\/admin$/);
});
