import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail, utcMinute } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

/** What an action of a telling credential class did, with when, where from and on what (decision record 028). */
export type CredentialNotice = {
  to: string;
  kind: "added" | "removed" | "changed";
  /** What happened, translated: the action's sentence (CREDENTIAL_NOTICES) and any that follow it. */
  what: string[];
  at: Date;
  ip: string;
  device: string;
  securityUrl: string;
};

const SUBJECTS = {
  added: "A new way to sign in was added to your account",
  removed: "A way to sign in was removed from your account",
  changed: "Your account's password was changed",
} as const;

/** To the owner, after an action that added, removed or changed a way into their account. */
export function credentialNoticeMail(
  locale: Locale,
  notice: CredentialNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to: notice.to,
    subject: t(SUBJECTS[notice.kind]),
    greeting: t("Hello!"),
    lines: [
      ...notice.what,
      t("When: :time. From the address :ip, on :device.", {
        time: utcMinute(notice.at),
        ip: notice.ip,
        device: notice.device,
      }),
    ],
    action: {
      label: t("Review your security settings"),
      url: notice.securityUrl,
    },
    outro: [
      t(
        "If this was not you, change your password at once and review the ways to sign in to your account.",
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
