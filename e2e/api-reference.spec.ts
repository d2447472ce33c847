import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";

// The readable reference of /api/openapi.json, for developers, in English and Spanish.
test("the API reference lists every route from the description, and links to it", async ({
  page,
  request,
}) => {
  const description = (await (
    await request.get("/api/openapi.json")
  ).json()) as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  expect(description.openapi).toBe("3.1.0");
  await page.goto("/docs/api");
  await expect(
    page.getByRole("heading", { level: 1, name: "API reference" }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Authentication routes" }),
  ).toBeVisible();
  const login = page.locator("article#auth\\.login");
  await expect(login.getByText("/auth/login")).toBeVisible();
  await expect(
    login.getByRole("cell", { name: "password", exact: true }),
  ).toBeVisible();
  // One read of the page for every operation: an expect per operation (about two hundred round
  // trips to the browser) took longer than the test's whole budget on a busy machine.
  const expected = Object.entries(description.paths).flatMap(
    ([path, methods]) =>
      Object.values(methods).map((operation): [string, string] => [
        operation.operationId,
        path,
      ]),
  );
  const shown = await page.evaluate(
    (pairs) =>
      pairs.map(([id, path]) => [
        id,
        document.getElementById(id)?.querySelector("h3 code")?.textContent ===
          path,
      ]),
    expected,
  );
  expect(shown).toEqual(expected.map(([id]) => [id, true]));
  await expect(
    page.getByRole("link", { name: "The OpenAPI 3.1 description (JSON)" }),
  ).toHaveAttribute("href", "/api/openapi.json");
  await expectAccessible(page, "API reference", {
    screenshot: "api-reference",
  });
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });
  test("the headings follow the browser's language", async ({ page }) => {
    await page.goto("/docs/api");
    await expect(
      page.getByRole("heading", { level: 1, name: "Referencia de la API" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Rutas de autenticación" }),
    ).toBeVisible();
    await expectAccessible(page, "API reference (es)", {
      screenshot: "api-reference-es",
    });
  });
});
