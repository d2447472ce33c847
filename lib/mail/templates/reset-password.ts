import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

export function resetPasswordMail(
  locale: Locale,
  to: string,
  url: string,
  expireMinutes: number,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to,
    subject: t("Reset Password Notification"),
    greeting: t("Hello!"),
    lines: [
      t(
        "You are receiving this email because we received a password reset request for your account.",
      ),
    ],
    action: { label: t("Reset Password"), url },
    outro: [
      t("This password reset link will expire in :count minutes.", {
        count: expireMinutes,
      }),
      t(
        "If you did not request a password reset, no further action is required.",
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
