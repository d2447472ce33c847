import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

/** To the new address of an email change: the link that puts it in force (decision record 012). */
export function confirmNewEmailMail(
  locale: Locale,
  to: string,
  url: string,
  expireMinutes: number,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to,
    subject: t("Confirm your new email address"),
    greeting: t("Hello!"),
    lines: [
      t(
        "Please click the button below to make :email the email address of your account.",
        { email: to },
      ),
    ],
    action: { label: t("Confirm Email Address"), url },
    outro: [
      t("This link will expire in :count minutes.", { count: expireMinutes }),
      t("If you did not ask for this change, no further action is required."),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
