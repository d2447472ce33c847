/**
 * The settings administrators change, declared once (decision record 067): each section of the
 * administrators' settings with its address segment, title and text, and each editable key with
 * its label and description. Titles, labels and texts are English keys of messages/*.json, shown
 * in the reader's language. Adding an editable setting: its schema in lib/config/auth.ts, its key
 * in `editable-settings` (lib/config/auth-defaults.ts), its label in a section below.
 * Adding a section: one entry below (and its messages). lib/settings/sections.test.ts checks
 * that every editable key has a section.
 */
export type SettingLabel = { label: string; text?: string };

export type SettingsSectionDeclaration = {
  id: string;
  title: string;
  text: string;
  /** Keys (or `prefix.` for every key under it) edited in this section. */
  settings: Record<string, SettingLabel>;
  /** Read-only groups of the configuration (first key segment) shown in this section. */
  readOnlyGroups?: readonly string[];
};

export const REDIRECT_PREFIX = "routes.redirects.";

export const SETTINGS_SECTIONS: readonly SettingsSectionDeclaration[] = [
  {
    id: "access",
    title: "Access",
    text: "Who may create an account, whether administrators may act as someone else, and whether new accounts confirm their email.",
    settings: {
      "allow-registration": {
        label: "Allow registration",
        text: "People can create an account on the register screen.",
      },
      "allow-impersonate": {
        label: "Allow acting as a user",
        text: "Administrators can act as another user.",
      },
      "must-verify-email": {
        label: "Require email verification",
        text: "New accounts must confirm their email address.",
      },
    },
  },
  {
    id: "passwords",
    title: "Passwords",
    text: "Rules for new passwords. Existing passwords keep working.",
    settings: {
      "password.length": { label: "Minimum length" },
      "password.uppercase": { label: "Require an uppercase letter" },
      "password.number": { label: "Require a number" },
      "password.uncompromised": {
        label: "Refuse passwords found in data breaches",
        text: "Asks the Pwned Passwords service: only the first five characters of the password's SHA-1 leave the server. The common-passwords list is always checked.",
      },
    },
    readOnlyGroups: ["passwords", "hashing"],
  },
  {
    id: "limits",
    title: "Limits",
    text: "The sign-in lockout and how long acting as a user may last.",
    settings: {
      "limits.login-attempts": { label: "Sign-in attempts before a lockout" },
      "limits.login-decay-seconds": { label: "Lockout duration (seconds)" },
      "limits.account-failures-before-delay": {
        label: "Failed sign-ins to one account before each attempt waits",
        text: "From any address; each further failure doubles the wait.",
      },
      "limits.account-max-delay-seconds": {
        label: "Longest wait between attempts (seconds)",
      },
      "limits.impersonation-token-ttl": {
        label: "Acting-as link lifetime (seconds)",
      },
      "limits.impersonation-max-duration": {
        label: "Longest time acting as a user (seconds)",
      },
    },
    readOnlyGroups: ["limiters", "verification", "uploads"],
  },
  {
    id: "administrators",
    title: "Administrators",
    text: "Accounts with these email addresses are administrators once the address is verified.",
    settings: {
      admins: {
        label: "Administrator email addresses",
        text: "One address per line. These accounts can use the administration screens.",
      },
    },
  },
  {
    id: "routes",
    title: "Routes",
    text: "Where a browser that did not ask for JSON is sent after each action, and each action's URI, name and middleware.",
    settings: { [REDIRECT_PREFIX]: { label: "After :action" } },
    readOnlyGroups: ["routes"],
  },
  {
    id: "environment",
    title: "Environment",
    text: "What the server started with: the environment, the social providers and the rest of the configuration.",
    settings: {},
  },
];

/** The section that edits `key`, and its label there; undefined for a key no section claims. */
export function settingDeclaration(
  key: string,
): { section: SettingsSectionDeclaration; label: SettingLabel } | undefined {
  for (const section of SETTINGS_SECTIONS)
    for (const [declared, label] of Object.entries(section.settings))
      if (declared.endsWith(".") ? key.startsWith(declared) : key === declared)
        return { section, label };
  return undefined;
}
