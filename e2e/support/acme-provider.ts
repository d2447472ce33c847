import { test } from "@playwright/test";
import { type FakeOidc, startFakeOidc } from "./fake-oidc";
import { OIDC_PROVIDER_PORT } from "./ports";

/**
 * The stand-in `acme` OIDC provider that playwright.config.ts declares, started for the spec file
 * that calls this and closed after it; `acme.provider` is it once the file's tests run.
 */
export function useAcmeProvider(): { provider: FakeOidc } {
  const acme = {} as { provider: FakeOidc };
  test.beforeAll(async () => {
    acme.provider = await startFakeOidc({ port: OIDC_PROVIDER_PORT });
  });
  test.afterAll(async () => {
    await acme.provider.close();
  });
  return acme;
}
