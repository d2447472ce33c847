import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { confirmPasswordOf, postJson, type TestUser } from "./users";

/** The third-party app's redirect URI: the browser is stopped there (no such site exists). */
export const APP_CALLBACK = "https://notes.example/callback";

export type CreatedClient = {
  id: string;
  name: string;
  plainSecret: string | null;
};

/**
 * An administrator registers a client through Passport's JSON API (POST /oauth/clients), after
 * the step-up it asks for (credential class `adds`, decision record 082).
 */
export async function createClient(
  admin: TestUser,
  fields: Record<string, unknown>,
): Promise<CreatedClient> {
  await confirmPasswordOf(admin);
  const response = await postJson(admin.api, "/oauth/clients", fields);
  if (response.status() !== 201)
    throw new Error(`client: ${response.status()} ${await response.text()}`);
  return (await response.json()) as CreatedClient;
}

/** An authorization request with PKCE S256, as a public client builds it. */
export function authorizationRequest(clientId: string, scope: string) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(8).toString("hex");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: APP_CALLBACK,
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return { path: `/oauth/authorize?${query}`, verifier, state };
}

/** Answers the browser's arrival at the app's callback, and returns that address once reached. */
export async function catchCallback(page: Page): Promise<() => Promise<URL>> {
  await page.route(`${new URL(APP_CALLBACK).origin}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><html lang=en><title>Notes</title><main><h1>Back in the app</h1></main>",
    }),
  );
  return async () => {
    await page.waitForURL(`${APP_CALLBACK}**`);
    return new URL(page.url());
  };
}

/** The token endpoint, called as the app's server would (form body, no cookie, no CSRF). */
export async function tokenRequest(
  api: APIRequestContext,
  form: Record<string, string>,
) {
  return api.post("/oauth/token", {
    form,
    headers: { Accept: "application/json" },
  });
}

/**
 * A registered resource (the notes API, named for `slug`) whose own server, a confidential
 * client made here, may exchange a user's token for `sessions:read` (decision record 115): what
 * the consent and the device approval tell the user about.
 */
export async function exchangingResource(admin: TestUser, slug: string) {
  const server = await createClient(admin, {
    name: `Notes server (${slug})`,
    grant_types: ["client_credentials"],
  });
  const name = `Notes API (${slug})`;
  const identifier = `https://notes-${slug}-${Date.now().toString(36)}.example/api`;
  const created = await postJson(admin.api, "/api/admin/oauth-resources", {
    identifier,
    name,
    scopes: [{ name: "notes:read", description: "Read your notes" }],
    exchange_client: server.id,
    exchange_scopes: ["sessions:read"],
  });
  if (created.status() !== 201)
    throw new Error(`resource: ${created.status()} ${await created.text()}`);
  return { name, identifier };
}
