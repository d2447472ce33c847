import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

export type EmailChangeNotice = {
  to: string;
  newEmail: string;
  requestedAt: Date;
  ip: string;
  profileUrl: string;
};

/** To the address in force when a change is asked for: when, from where, and how to stop it (decision record 012). */
export function emailChangeNoticeMail(
  locale: Locale,
  notice: EmailChangeNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  // UTC, written out: the reader's time zone is unknown, and the text must mean the same everywhere.
  const time = `${notice.requestedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return renderActionMail({
    to: notice.to,
    subject: t("A change of your email address was requested"),
    greeting: t("Hello!"),
    lines: [
      t(
        "Someone asked to change the email address of your account to :email.",
        { email: notice.newEmail },
      ),
      t("The request was made at :time from the address :ip.", {
        time,
        ip: notice.ip,
      }),
      t(
        "This address stays in force until the new one is confirmed from its mailbox.",
      ),
    ],
    action: { label: t("Review your profile"), url: notice.profileUrl },
    outro: [
      t(
        "If you did not ask for this, sign in, cancel the change and change your password.",
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
