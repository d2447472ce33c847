import type { SettingSectionId } from "@/lib/config/auth-settings";

/**
 * The sections of the administrators' settings (decision records 067, 091): each one's address
 * segment, title and text (English keys of messages/*.json). Which settings a section edits and
 * which read-only groups it shows is declared with each setting in lib/config/auth-settings.ts.
 */
export type SettingsSectionDeclaration = {
  id: SettingSectionId;
  title: string;
  text: string;
};

export const SETTINGS_SECTIONS: readonly SettingsSectionDeclaration[] = [
  {
    id: "access",
    title: "Access",
    text: "Who may create an account, whether administrators may act as someone else, and whether new accounts confirm their email.",
  },
  {
    id: "passwords",
    title: "Passwords",
    text: "Rules for new passwords. Existing passwords keep working.",
  },
  {
    id: "limits",
    title: "Limits",
    text: "The sign-in lockout, how long acting as a user may last, and how many requests each limiter allows.",
  },
  {
    id: "administrators",
    title: "Administrators",
    text: "Accounts with these email addresses are administrators once the address is verified.",
  },
  {
    id: "routes",
    title: "Routes",
    text: "Where a browser that did not ask for JSON is sent after each action, and each action's URI, name and middleware.",
  },
  {
    id: "environment",
    title: "Environment",
    text: "What the server started with: the environment, the social providers and the rest of the configuration.",
  },
];
