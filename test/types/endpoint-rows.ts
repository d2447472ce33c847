/**
 * Checked by `npx tsc --noEmit` (decision record 094): an endpoint bound to its route row answers
 * exactly the row's output schema. Each `@ts-expect-error` below is an endpoint that answers a
 * field its row does not declare, or misses one it declares; were the mechanism to let it
 * through, the directive would be unused and tsc would fail.
 */
import { z } from "zod";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";

const ROW = AUTH_ACTIONS["get-auth"];
const state = {
  authenticated: false,
  is_admin: false,
  verified: false,
  impersonating: false,
  two_factor_enabled: false,
  two_factor_required: false,
};

// get-auth's answer as its row declares it: compiles.
export const declared = endpointOf(ROW, {
  async run() {
    return { user: null, ...state };
  },
});

export const misnamed = endpointOf(ROW, {
  // @ts-expect-error get-auth answers `is_admin`, not `isAdmin`
  async run() {
    const { is_admin, ...rest } = state;
    return { user: null, ...rest, isAdmin: is_admin };
  },
});

// @ts-expect-error get-auth's row has no `role`: an extra field is refused too
export const extra = endpointOf(ROW, {
  async run() {
    return { user: null, ...state, role: "admin" };
  },
});

// @ts-expect-error an extra field is refused from an endpoint that reads its context too
export const extraWithContext = endpointOf(ROW, {
  async run(ctx) {
    return { user: null, ...state, role: ctx.ip };
  },
});

// @ts-expect-error a field of the user the row does not declare, at depth
export const extraInUser = endpointOf(ROW, {
  async run() {
    return {
      user: {
        id: 1,
        name: "A",
        email: "a@example.test",
        email_verified_at: null,
        payload: null,
        created_at: null,
        updated_at: null,
        password: "secret",
      },
      ...state,
    };
  },
});

// login's input is its row's: `remember` is there, a field it does not declare is not.
export const login = endpointOf(AUTH_ACTIONS.login, {
  rules: () => ({ email: z.string().max(255) }),
  async run(_ctx, input) {
    void input.remember;
    // @ts-expect-error login's row has no `username`
    void input.username;
    return { two_factor: true as const };
  },
});

// @ts-expect-error a rule for a field login's row does not declare
export const ruleForNoField = endpointOf(AUTH_ACTIONS.login, {
  rules: () => ({ email: z.string().max(255), username: z.string() }),
  async run() {
    return { two_factor: true as const };
  },
});

export const mistypedRule = endpointOf(AUTH_ACTIONS.login, {
  // @ts-expect-error `email` parses to a string in login's row, not a number
  rules: () => ({ email: z.number() }),
  async run() {
    return { two_factor: true as const };
  },
});
