import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

/** The sign-in link and its six-digit code, in one message (decision record 088). */
export function passwordlessLinkMail(
  locale: Locale,
  to: string,
  url: string,
  code: string,
  expireMinutes: number,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to,
    subject: t("Your sign-in link"),
    greeting: t("Hello!"),
    lines: [
      t("Someone asked to sign in to your account with this email address."),
      t("Your sign-in code is :code.", { code }),
    ],
    action: { label: t("Sign in"), url },
    outro: [
      t(
        "The link and the code work once and expire in :count minutes. On another device, open the link and enter the code there.",
        { count: expireMinutes },
      ),
      t("If you did not ask to sign in, no further action is required."),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
