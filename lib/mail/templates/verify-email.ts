import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

export function verifyEmailMail(
  locale: Locale,
  to: string,
  url: string,
  expireMinutes: number,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to,
    subject: t("Verify Email Address"),
    greeting: t("Hello!"),
    lines: [t("Please click the button below to verify your email address.")],
    action: { label: t("Verify Email Address"), url },
    outro: [
      t("This link will expire in :count minutes.", { count: expireMinutes }),
      t("If you did not create an account, no further action is required."),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
