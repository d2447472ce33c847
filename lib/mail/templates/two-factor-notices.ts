import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail, utcMinute } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

type TwoFactorNotice = { to: string; at: Date; ip: string; profileUrl: string };

/** To the owner, when consecutive invalid codes paused the account's second factor (decision record 023). */
export function twoFactorLockoutMail(
  locale: Locale,
  notice: TwoFactorNotice & { minutes: number },
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to: notice.to,
    subject: t("Two-factor sign-in paused on your account"),
    greeting: t("Hello!"),
    lines: [
      t(
        "Someone who knows your password entered too many invalid two-factor codes at :time from the address :ip.",
        { time: utcMinute(notice.at), ip: notice.ip },
      ),
      t("Two-factor sign-in to your account is paused for :minutes minutes.", {
        minutes: notice.minutes,
      }),
    ],
    action: { label: t("Review your profile"), url: notice.profileUrl },
    outro: [t("If this was not you, change your password as soon as you can.")],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}

/** To the owner, when an administrator turned their second factor off (decision record 023). */
export function twoFactorResetMail(
  locale: Locale,
  notice: TwoFactorNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to: notice.to,
    subject: t("Two-factor authentication was turned off on your account"),
    greeting: t("Hello!"),
    lines: [
      t(
        "An administrator turned off two-factor authentication on your account at :time.",
        { time: utcMinute(notice.at) },
      ),
      t(
        "You can now sign in with your password alone. Turn two-factor authentication on again from your profile.",
      ),
    ],
    action: { label: t("Review your profile"), url: notice.profileUrl },
    outro: [
      t(
        "If you did not ask for this, change your password and contact an administrator.",
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
