import { SCOPES } from "@/lib/oauth/scopes";
import type { ConsentExchange } from "@/lib/oauth/exchange-rights";

/**
 * The reference front end's screens for the consent and the device code (decision record 055):
 * a browser's own navigation to Passport's paths is sent there with the same query; the screens
 * read the JSON form of those paths. Anything else (a script, a browser that sends no Fetch
 * Metadata) still gets Passport's HTML form below.
 */
export const OAUTH_SCREENS = {
  consent: "/authorize",
  device: "/device",
} as const;

/** Whether the browser is loading this address as a page (Fetch Metadata), not a script asking. */
export function isPageNavigation(request: Request): boolean {
  return (
    request.headers.get("sec-fetch-mode") === "navigate" &&
    request.headers.get("sec-fetch-dest") === "document"
  );
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        char
      ] ?? char,
  );

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/**
 * The consent screen as Passport's `authorize` view draws it: the client's name, the scopes in
 * words, and two forms carrying `auth_token`, `state` and `client_id` — approve (POST) and deny
 * (POST with `_method=DELETE`, Laravel's method spoofing). Server-rendered, no script.
 */
export function consentPage(facts: {
  action: string;
  clientName: string;
  clientId: string;
  scopes: string[];
  /** Words for scopes that are not this server's: a registered resource's (decision record 101). */
  descriptions?: Readonly<Record<string, string>>;
  state: string;
  authToken: string;
  csrfToken: string;
  userEmail: string;
  /** The teams the user may approve the app for (lib/oauth/team-consent.ts). */
  teams?: readonly { id: number; name: string }[];
  /** What the resources' servers may do for the user by token exchange (decision record 115). */
  exchanges?: readonly ConsentExchange[];
}): string {
  const fields =
    hidden("_token", facts.csrfToken) +
    hidden("state", facts.state) +
    hidden("client_id", facts.clientId) +
    hidden("auth_token", facts.authToken);
  const scopes = facts.scopes
    .map(
      (scope) =>
        `<li>${escapeHtml(SCOPES[scope] ?? facts.descriptions?.[scope] ?? scope)}</li>`,
    )
    .join("");
  const exchanges = (facts.exchanges ?? [])
    .map(
      ({ resource, scopes: rights }) =>
        `<p>On your behalf, the server of <strong>${escapeHtml(resource.name)}</strong> will also be able to:</p><ul>${rights.map((scope) => `<li>${escapeHtml(scope.description)}</li>`).join("")}</ul>`,
    )
    .join("");
  const teams = (facts.teams ?? [])
    .map(
      (team) => `<option value="${team.id}">${escapeHtml(team.name)}</option>`,
    )
    .join("");
  const forTeam = teams
    ? `<label>For <select name="team_id"><option value="">Only me</option>${teams}</select></label>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authorization request</title></head>
<body><main>
<h1>Authorization request</h1>
<p><strong>${escapeHtml(facts.clientName)}</strong> is requesting permission to access your account (${escapeHtml(facts.userEmail)}).</p>
${scopes ? `<p>This application will be able to:</p><ul>${scopes}</ul>` : ""}
${exchanges}
<form method="post" action="${escapeHtml(facts.action)}">${fields}${forTeam}<button type="submit">Authorize</button></form>
<form method="post" action="${escapeHtml(facts.action)}">${fields}${hidden("_method", "DELETE")}<button type="submit">Cancel</button></form>
</main></body></html>`;
}
