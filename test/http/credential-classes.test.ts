import { describe, expect, it } from "vitest";
import { ACTION_NAMES, AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import {
  CREDENTIAL_CLASSES,
  type CredentialRules,
} from "@/lib/contract/credential-classes";
import { REFUSED_WHILE_IMPERSONATING } from "@/lib/auth/middleware/credential-guard";
import type { HostRoute } from "@/lib/server/pipeline";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import type { Agent, AgentResponse } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { impersonating } from "../support/impersonation";
import { createToken } from "../support/tokens";

const ADMIN = "admin@example.com";
const app = useTestApp({ auth: { admins: [ADMIN] } });

const STEP_UP = { message: "Password confirmation required." };
const SESSION_NEEDED = {
  message: "This action needs a signed-in session: a token cannot do it.",
};

type Target = {
  key: string;
  rules: CredentialRules;
  send(agent: Agent, bearer?: string): Promise<AgentResponse>;
};

const fill = (template: string) => template.replace(/\{[^}]+\}/g, "1");

// Every route of both tables, with how to call it (any path parameter is 1: the class's guard
// answers before the endpoint looks anything up).
const TARGETS: Target[] = [
  ...ACTION_NAMES.map((action) => {
    const row = AUTH_ACTIONS[action];
    return {
      key: action,
      rules: CREDENTIAL_CLASSES[row.credential],
      send: (agent: Agent, bearer?: string) =>
        agent.request(row.method, `/auth/${fill(row.uri)}`, {
          json: {},
          bearer,
        }),
    };
  }),
  ...HOST_ROUTES.map((route: HostRoute) => {
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const params = Object.fromEntries(
      [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] ?? "", "1"]),
    );
    return {
      key: route.name,
      rules: CREDENTIAL_CLASSES[route.credential],
      send: (agent: Agent, bearer?: string) =>
        agent.request(method ?? "GET", fill(route.path), {
          json: {},
          bearer,
          host: route,
          params,
        }),
    };
  }),
];

const where = (rule: keyof CredentialRules) =>
  TARGETS.filter((target) => target.rules[rule]);

// Decision record 028: what each class promises, asked of every route through the real pipeline.
describe("every route keeps its credential class's rules (decision record 028)", () => {
  it.each(where("stepUp").map((target) => [target.key, target]))(
    "%s asks a signed-in session without a recent confirmation for one (423)",
    async (_, target) => {
      const agent = await signIn(app, await app.createUser());
      const response = await target.send(agent);
      expect(response.status, response.text).toBe(423);
      expect(response.body).toEqual(STEP_UP);
    },
  );

  it.each(where("sessionOnly").map((target) => [target.key, target]))(
    "%s refuses a bearer token, even one with every ability (403)",
    async (_, target) => {
      const user = await app.createUser();
      const token = await createToken(app, user.email);
      const response = await target.send(app.agent(), token);
      expect(response.status, response.text).toBe(403);
      expect(response.body).toEqual(SESSION_NEEDED);
    },
  );

  it.each(
    where("refusedWhileImpersonating").map((target) => [target.key, target]),
  )(
    "%s is refused while an administrator acts as the account (403)",
    async (_, target) => {
      const { agent } = await impersonating(app, ADMIN);
      const response = await target.send(agent);
      expect(response.status, response.text).toBe(403);
      expect(response.body).toEqual({ message: REFUSED_WHILE_IMPERSONATING });
    },
  );
});
