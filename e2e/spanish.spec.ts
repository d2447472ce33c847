import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";

test.use({ locale: "es-ES" });

test("a Spanish browser gets the Spanish UI and Spanish server messages, and can switch", async ({
  page,
  users,
  guard,
}) => {
  const user = await users.create("espanol", { name: "Elena Español" });
  await page.goto("/auth/login");
  await expect(
    page.getByRole("heading", { name: "Inicia sesión en tu cuenta" }),
  ).toBeVisible();

  guard.allow(/\/auth\/login$/, 422);
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill("incorrecta-123");
  await page
    .getByRole("button", { name: "Iniciar sesión", exact: true })
    .click();
  await expect(
    page.getByLabel("Correo electrónico"),
  ).toHaveAccessibleDescription(
    "Estas credenciales no coinciden con nuestros registros.",
  );
  await expectAccessible(page, "sign-in in Spanish, wrong credentials", {
    screenshot: "login-spanish",
  });

  // The switch wins over the browser's language, and is remembered.
  await page.getByLabel("Idioma").selectOption("en");
  await expect(
    page.getByRole("heading", { name: "Sign in to your account" }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("heading", { name: "Sign in to your account" }),
  ).toBeVisible();
  await page.getByLabel("Language").selectOption("es");
  await expect(
    page.getByRole("heading", { name: "Inicia sesión en tu cuenta" }),
  ).toBeVisible();

  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page
    .getByRole("button", { name: "Iniciar sesión", exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole("heading", { name: "Hola, Elena Español" }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("banner")
      .getByRole("button", { name: /Elena Español .* \(menú de la cuenta\)/ }),
  ).toBeVisible();
  await expectAccessible(page, "dashboard in Spanish", {
    screenshot: "dashboard-spanish",
  });
});
