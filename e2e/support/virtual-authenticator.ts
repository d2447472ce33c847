import type { CDPSession, Page } from "@playwright/test";

export type VirtualAuthenticator = {
  cdp: CDPSession;
  id: string;
  credentials(): Promise<{ credentialId: string; signCount: number }[]>;
};

/**
 * A platform authenticator in the browser through the DevTools protocol: CTAP2, internal
 * transport, resident keys, user verification that always succeeds (a fingerprint that matches).
 */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send(
    "WebAuthn.addVirtualAuthenticator",
    {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    },
  );
  return {
    cdp,
    id: authenticatorId,
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId }))
        .credentials,
  };
}

const NO_AUTOFILL = "e2e-no-autofill";

/**
 * Chromium's virtual authenticator answers a conditional (autofill) request at once, so a login
 * screen signs in by itself as soon as it loads. Pages of this tab that load while `off` behave
 * like a browser without passkey autofill, so the button is what signs in.
 */
export async function disableAutofillOnLoad(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    if (window.sessionStorage.getItem(key) !== "1") return;
    Object.defineProperty(
      window.PublicKeyCredential,
      "isConditionalMediationAvailable",
      { value: async () => false },
    );
  }, NO_AUTOFILL);
}

export async function setAutofill(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    ([key, off]) =>
      off
        ? window.sessionStorage.setItem(key, "1")
        : window.sessionStorage.removeItem(key),
    [NO_AUTOFILL, on ? "" : "1"] as const,
  );
}
