/**
 * Every setting administrators change at run time, declared once beside its schema
 * (lib/config/auth.ts) and its default (lib/config/auth-defaults.ts): its label and help (English
 * keys of messages/*.json), its section of /admin/settings, its unit and the control that edits it.
 * Bounds and choices are read from the schema (lib/config/setting-schema.ts), never copied. The
 * server makes these keys editable by default (`editable-settings`), and the editor draws them.
 * A new editable setting: one entry here and its messages in en.json and es.json (record 091).
 */
export type SettingSectionId =
  | "access"
  | "passwords"
  | "limits"
  | "administrators"
  | "routes"
  | "environment";

/** The unit a number is stored in; a duration is shown and entered in minutes, hours or days. */
export type SettingUnit =
  "seconds" | "minutes" | "hours" | "days" | "kilobytes" | "count";

export type SettingControl =
  "toggle" | "number" | "duration" | "list" | "limiter" | "select" | "text";

export type SettingDeclaration = {
  label: string;
  help?: string;
  section: SettingSectionId;
  control: SettingControl;
  unit?: SettingUnit;
};

/** A key ending in "." declares every key under it (one redirect per action, one limiter per name). */
export const SETTINGS = {
  "allow-registration": {
    label: "Allow registration",
    help: "People can create an account on the register screen.",
    section: "access",
    control: "toggle",
  },
  "allow-impersonate": {
    label: "Allow acting as a user",
    help: "Administrators can act as another user.",
    section: "access",
    control: "toggle",
  },
  "must-verify-email": {
    label: "Require email verification",
    help: "New accounts must confirm their email address.",
    section: "access",
    control: "toggle",
  },
  "two-factor.required": {
    label: "Who must use two-factor authentication",
    help: "Those who must are asked to set it up at their next sign-in.",
    section: "access",
    control: "select",
  },
  "password.length": {
    label: "Minimum length",
    section: "passwords",
    control: "number",
    unit: "count",
  },
  "password.uppercase": {
    label: "Require an uppercase letter",
    section: "passwords",
    control: "toggle",
  },
  "password.number": {
    label: "Require a number",
    section: "passwords",
    control: "toggle",
  },
  "password.uncompromised": {
    label: "Refuse passwords found in data breaches",
    help: "Asks the Pwned Passwords service: only the first five characters of the password's SHA-1 leave the server. The common-passwords list is always checked.",
    section: "passwords",
    control: "toggle",
  },
  "limits.login-attempts": {
    label: "Sign-in attempts before a lockout",
    section: "limits",
    control: "number",
    unit: "count",
  },
  "limits.login-decay-seconds": {
    label: "Lockout duration",
    section: "limits",
    control: "duration",
    unit: "seconds",
  },
  "limits.account-failures-before-delay": {
    label: "Failed sign-ins to one account before each attempt waits",
    help: "From any address; each further failure doubles the wait.",
    section: "limits",
    control: "number",
    unit: "count",
  },
  "limits.account-max-delay-seconds": {
    label: "Longest wait between attempts",
    section: "limits",
    control: "duration",
    unit: "seconds",
  },
  "limits.impersonation-token-ttl": {
    label: "Acting-as link lifetime",
    section: "limits",
    control: "duration",
    unit: "seconds",
  },
  "limits.impersonation-max-duration": {
    label: "Longest time acting as a user",
    section: "limits",
    control: "duration",
    unit: "seconds",
  },
  "features.passwordless": {
    label: "Sign in by an emailed link or code",
    help: "The sign-in screen offers to email a one-time link and six-digit code instead of asking for the password.",
    section: "access",
    control: "toggle",
  },
  "challenge.enabled": {
    label: "Ask for a proof-of-work check",
    help: "Registration, password reset requests, sign-in links and repeated failed sign-ins ask the browser to solve a small puzzle first. The screens solve it in the background.",
    section: "access",
    control: "toggle",
  },
  "challenge.max-number": {
    label: "Proof-of-work difficulty",
    help: "The largest number a browser may have to try; it tries about half of it on average.",
    section: "limits",
    control: "number",
    unit: "count",
  },
  "challenge.expire-seconds": {
    label: "Proof-of-work check lifetime",
    section: "limits",
    control: "duration",
    unit: "seconds",
  },
  "challenge.sign-in-after-failures": {
    label: "Failed sign-ins from one address before the check",
    help: "0 asks for it at every sign-in.",
    section: "limits",
    control: "number",
    unit: "count",
  },
  "challenge.failure-minutes": {
    label: "How long failed sign-ins count",
    section: "limits",
    control: "duration",
    unit: "minutes",
  },
  "limiters.": {
    label: "Requests limiter :name",
    help: "Each rule allows at most so many requests in so many minutes, counted per address, email or user.",
    section: "limits",
    control: "limiter",
  },
  admins: {
    label: "Administrator email addresses",
    help: "One address per line. These accounts can use the administration screens.",
    section: "administrators",
    control: "list",
  },
  "routes.redirects.": {
    label: "After :action",
    section: "routes",
    control: "text",
  },
} satisfies Record<string, SettingDeclaration>;

/** The keys (or prefixes, without their dot) administrators may change, the default of `editable-settings`. */
export const EDITABLE_SETTING_KEYS: string[] = Object.keys(SETTINGS).map(
  (key) => key.replace(/\.$/, ""),
);

/** The declaration of `key` and the name it stands for under a prefix; undefined for an undeclared key. */
export function settingDeclaration(
  key: string,
): (SettingDeclaration & { name: string }) | undefined {
  for (const [declared, declaration] of Object.entries(SETTINGS) as [
    string,
    SettingDeclaration,
  ][])
    if (declared.endsWith(".") ? key.startsWith(declared) : key === declared)
      return { ...declaration, name: key.slice(declared.length) };
  return undefined;
}

/** Where the groups shown read-only of the configuration (the first key segment) are shown, and their titles. */
export const SETTING_GROUPS: Record<
  string,
  { section: SettingSectionId; title: string; text: string }
> = {
  passwords: {
    section: "passwords",
    title: "Password resets",
    text: "How long a reset link stays valid, in minutes.",
  },
  hashing: {
    section: "passwords",
    title: "Hashing",
    text: "The bcrypt cost of new password hashes.",
  },
  verification: {
    section: "limits",
    title: "Email verification",
    text: "How long a verification link stays valid, in minutes.",
  },
  uploads: {
    section: "limits",
    title: "Uploads",
    text: "The largest profile photo accepted, in kilobytes.",
  },
  routes: {
    section: "routes",
    title: "Routes",
    text: "URIs, route names and middleware of each action.",
  },
  frontend: {
    section: "environment",
    title: "Front end",
    text: "The page a password reset mail links to.",
  },
  passkeys: {
    section: "environment",
    title: "Passkeys",
    text: "The name an authenticator shows when it creates a passkey for this site.",
  },
  webhooks: {
    section: "environment",
    title: "Webhooks",
    text: "Whether webhook endpoints may be on private or loopback addresses.",
  },
};
