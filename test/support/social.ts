import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  authorizeAt,
  type FakeOidc,
  type FakeUser,
  startFakeOidc,
} from "@/e2e/support/fake-oidc";
import type { Agent, AgentResponse } from "./agent";
import type { TestApp } from "./app";

/**
 * The `acme` OIDC provider for a test file: the stand-in provider started once, and before each
 * test the user it signs in and the application's entry for it. `acme.provider` is the stand-in.
 */
export function useAcmeProvider(
  app: TestApp,
  user: FakeUser,
): { provider: FakeOidc } {
  const acme = {} as { provider: FakeOidc };
  beforeAll(async () => {
    acme.provider = await startFakeOidc();
  });
  afterAll(() => acme.provider.close());
  beforeEach(() => {
    acme.provider.setUser(user);
    app.configure({
      services: {
        acme: acme.provider.serviceEntry("/auth/social/acme/callback"),
      },
    });
  });
  return acme;
}

/** The browser's round trip: our redirect, the stand-in provider, the callback it sends back to. */
export async function signInThroughAcme(agent: Agent): Promise<AgentResponse> {
  const start = await agent.get("/auth/social/acme/redirect", {
    asJson: false,
  });
  const back = await authorizeAt(start.headers.get("location") ?? "");
  return agent.get(`${back.pathname}${back.search}`, { asJson: false });
}
