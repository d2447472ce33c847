import "server-only";
import { type Metrics, metrics } from "@/lib/observability/metrics";
import { currentScope } from "@/lib/observability/request-scope";

/**
 * Which activity-log events are counted, and as what. The activity log is where every sign-in,
 * registration, reset, token and impersonation is already recorded, so counting there misses
 * none of them (a feature adding an event adds its line here: a wrong second-factor code is
 * `second_factor`, a refused passkey `passkey_refused`).
 */
const COUNTED: Record<string, (target: Metrics) => void> = {
  login: (m) => m.signIns.inc({ outcome: "success" }),
  "login-failed": (m) => m.signIns.inc({ outcome: "bad_credentials" }),
  lockout: (m) => m.signIns.inc({ outcome: "lockout" }),
  "two-factor-challenge-failed": (m) =>
    m.signIns.inc({ outcome: "second_factor" }),
  "two-factor-lockout": (m) => m.signIns.inc({ outcome: "lockout" }),
  "passkey-refused": (m) => m.signIns.inc({ outcome: "passkey_refused" }),
  registered: (m) => m.registrations.inc(),
  "password-reset": (m) => m.passwordResets.inc(),
  "token-created": (m) => m.tokensCreated.inc(),
  "impersonation-started": (m) => m.impersonations.inc(),
  // Teams (decision record 106): each change to a team's existence or people, by kind.
  ...Object.fromEntries(
    [
      "created",
      "deleted",
      "member-invited",
      "member-added",
      "member-updated",
      "member-removed",
      "invitation-cancelled",
      "ownership-transferred",
    ].map((change) => [
      `team-${change}`,
      (m: Metrics) => m.teamChanges.inc({ change: change.replace("-", "_") }),
    ]),
  ),
};

/**
 * Counts an activity-log event. During a request the count waits for its end and is dropped if
 * it ends in a server error (its write was then most likely not committed); elsewhere (the
 * command line, the queue) it counts at once.
 */
export function countActivity(event: string): void {
  const count = COUNTED[event];
  if (!count) return;
  const scope = currentScope();
  if (scope) scope.pending.push(() => count(metrics()));
  else count(metrics());
}
