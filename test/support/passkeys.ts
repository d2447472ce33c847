import { expect } from "vitest";
import type { User } from "@/db/schema";
import type { Agent } from "./agent";
import { signIn, type TestApp } from "./app";
import { SoftwareAuthenticator } from "./software-authenticator";
import { stepUp } from "./two-factor";

export const ORIGIN = "http://localhost:3000";
/** Chromium's AAGUID: a known authenticator name. */
export const CHROMIUM_AAGUID = "b5397666-4885-aa6b-cebf-e52262a439a2";

/**
 * Registers a passkey for `user` through the routes, after the step-up a new way in needs
 * (decision record 028). Returns a signed-in agent and the authenticator holding the key: the
 * `agent` given, or else a fresh sign-in whose session is not confirmed (the registering one is
 * signed out), as a user who comes back later has.
 */
export async function withPasskey(
  app: TestApp,
  user: User,
  authenticator = new SoftwareAuthenticator({
    origin: ORIGIN,
    aaguid: CHROMIUM_AAGUID,
  }),
  agent?: Agent,
): Promise<{
  agent: Agent;
  authenticator: SoftwareAuthenticator;
  credentialId: string;
  passkeyId: number;
}> {
  const session = agent ?? (await signIn(app, user));
  await stepUp(session);
  const options = await session.get("/auth/user/passkeys/options");
  expect(options.status, options.text).toBe(200);
  const credential = authenticator.register(options.body.options);
  const stored = await session.post("/auth/user/passkeys", {
    name: "Laptop",
    credential,
  });
  expect(stored.status, stored.text).toBe(200);
  if (!agent) expect((await session.post("/auth/logout")).status).toBe(200);
  return {
    agent: agent ?? (await signIn(app, user)),
    authenticator,
    credentialId: credential.id,
    passkeyId: Number(stored.body.id),
  };
}

/** A guest's passkey sign-in: options, then the assertion; returns the answer and the agent. */
export async function passkeySignIn(
  app: TestApp,
  authenticator: SoftwareAuthenticator,
  overrides: Parameters<SoftwareAuthenticator["authenticate"]>[1] = {},
) {
  const agent = app.agent();
  await agent.csrf();
  const options = await agent.get("/auth/passkeys/login/options");
  expect(options.status).toBe(200);
  const credential = authenticator.authenticate(
    options.body.options,
    overrides,
  );
  const response = await agent.post("/auth/passkeys/login", { credential });
  return { agent, response, options: options.body.options, credential };
}
