import { HOTP, Secret } from "otpauth";
import { expect } from "vitest";
import type { User } from "@/db/schema";
import type { Agent } from "./agent";
import { PASSWORD, signIn, type TestApp } from "./app";

/** The RFC 6238 code of `secret` at `at`, computed here, independently of the server's module. */
export function totpCode(secret: string, at: Date, stepOffset = 0): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    counter: Math.floor(at.getTime() / 30_000) + stepOffset,
  });
}

/** POST user/confirm-password: the session's step-up (201). */
export async function confirmPassword(
  agent: Agent,
  password = PASSWORD,
): Promise<void> {
  const response = await agent.post("/auth/user/confirm-password", {
    password,
  });
  expect(response.status, response.text).toBe(201);
}

export type Enrolled = { agent: Agent; secret: string; codes: string[] };

/**
 * Signs `user` in and enrols a second factor through the routes, at the app's current clock:
 * step-up, enable, read the key, confirm with a code computed from it, read the recovery codes.
 * The clock then moves one step on, so the confirming code's step is in the past.
 */
export async function enrol(
  app: TestApp,
  user: User,
  now: Date,
): Promise<Enrolled> {
  const agent = await signIn(app, user);
  await confirmPassword(agent);
  expect(
    (await agent.post("/auth/user/two-factor-authentication")).status,
  ).toBe(200);
  const secret = (await agent.get("/auth/user/two-factor-secret-key")).body
    .secretKey as string;
  const confirmed = await agent.post(
    "/auth/user/confirmed-two-factor-authentication",
    { code: totpCode(secret, now) },
  );
  expect(confirmed.status, confirmed.text).toBe(200);
  const codes = (await agent.get("/auth/user/two-factor-recovery-codes"))
    .body as string[];
  app.advance(30);
  return { agent, secret, codes };
}

/** A guest that has given the password of an account with a second factor: `{"two_factor": true}`, pending. */
export async function startSignIn(
  app: TestApp,
  user: User,
  options: { remember?: boolean; ip?: string } = {},
): Promise<Agent> {
  const agent = app.agent(options.ip);
  await agent.csrf();
  const response = await agent.post("/auth/login", {
    email: user.email,
    password: PASSWORD,
    remember: options.remember,
  });
  expect(response.status, response.text).toBe(200);
  expect(response.body).toEqual({ two_factor: true });
  return agent;
}

const confirmed = new WeakSet<Agent>();

/** The step-up a route asks for, once per agent (tests of other features that meet it). */
export async function stepUp(agent: Agent): Promise<void> {
  if (confirmed.has(agent)) return;
  await confirmPassword(agent);
  confirmed.add(agent);
}

/** `stepUp` for an agent whose session is signed in; a guest or a bearer-only agent has none to confirm. */
export async function stepUpIfSignedIn(agent: Agent): Promise<void> {
  if (confirmed.has(agent)) return;
  const auth = await agent.get("/auth/get-auth");
  if (auth.body?.authenticated !== true) return;
  await stepUp(agent);
}
