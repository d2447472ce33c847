import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

export type AccountDeletedNotice = {
  to: string;
  deletedAt: Date;
  purgeAt: Date;
  ip: string;
  appUrl: string;
};

/** To the owner of an account they deleted: when, from where, and until when it can be restored (decision record 021). */
export function accountDeletedMail(
  locale: Locale,
  notice: AccountDeletedNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  // UTC, written out: the reader's time zone is unknown.
  const time = (date: Date) =>
    `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return renderActionMail({
    to: notice.to,
    subject: t("Your account has been deleted"),
    greeting: t("Hello!"),
    lines: [
      t(
        "Your account was deleted at :time from the address :ip. You have been signed out everywhere, and its API tokens no longer work.",
        {
          time: time(notice.deletedAt),
          ip: notice.ip,
        },
      ),
      t(
        "Its data will be erased for good after :date. Until then an administrator can restore it.",
        { date: time(notice.purgeAt) },
      ),
    ],
    action: { label: t("Visit the site"), url: notice.appUrl },
    outro: [
      t(
        "If you did not delete your account, contact an administrator at once and ask them to restore it.",
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
