import type { BadgeTone } from "@/components/ui/badge";
import type { SettingSource } from "@/lib/client/contract";

/** People's names for the keys administrators change; other keys are shown as AUTH_CONFIG_JSON spells them. */
export const SETTING_LABELS: Record<string, { label: string; text?: string }> =
  {
    "allow-registration": {
      label: "Allow registration",
      text: "People can create an account on the register screen.",
    },
    "allow-impersonate": {
      label: "Allow impersonation",
      text: "Administrators can act as another user.",
    },
    "must-verify-email": {
      label: "Require email verification",
      text: "New accounts must confirm their email address.",
    },
    "password.length": { label: "Minimum length" },
    "password.uppercase": { label: "Require an uppercase letter" },
    "password.number": { label: "Require a number" },
    "limits.login-attempts": { label: "Sign-in attempts before a lockout" },
    "limits.login-decay-seconds": { label: "Lockout duration (seconds)" },
    "limits.impersonation-token-ttl": {
      label: "Impersonation link lifetime (seconds)",
    },
    "limits.impersonation-max-duration": {
      label: "Longest impersonation (seconds)",
    },
    admins: {
      label: "Administrator email addresses",
      text: "One address per line. These accounts can use the administration screens.",
    },
  };

export const REDIRECT_PREFIX = "routes.redirects.";

/** The badge of each source: where the value in force was set. */
export const SOURCE_BADGES: Record<
  SettingSource,
  { label: string; tone: BadgeTone }
> = {
  default: { label: "Default", tone: "gray" },
  environment: { label: "Environment", tone: "amber" },
  settings: { label: "Set here", tone: "indigo" },
};
