import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail, utcMinute } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

/** A sign-in from a device the account had not signed in from (decision record 095). */
export type NewDeviceNotice = {
  to: string;
  at: Date;
  ip: string;
  /** "Chrome 140 on macOS", translated. */
  device: string;
  /** The signed "this was not me" link: it signs that device out and leads to the reset. */
  notMeUrl: string;
  /** How long the link works. */
  minutes: number;
};

/** To the owner, after a sign-in from a new device (rappasoft's NewDevice notification). */
export function newDeviceMail(
  locale: Locale,
  notice: NewDeviceNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to: notice.to,
    subject: t("Your account was signed in from a new device"),
    greeting: t("Hello!"),
    lines: [
      t(
        "Your account was signed in from a device it had not been used on before.",
      ),
      t("When: :time. From the address :ip, on :device.", {
        time: utcMinute(notice.at),
        ip: notice.ip,
        device: notice.device,
      }),
      t("If this was you, you can ignore this message."),
    ],
    action: { label: t("This was not me"), url: notice.notMeUrl },
    outro: [
      t(
        "The button signs that device out and takes you to choose a new password. It works for :minutes minutes.",
        { minutes: notice.minutes },
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
