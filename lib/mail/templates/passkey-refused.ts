import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

export type PasskeyRefusedNotice = {
  to: string;
  passkeyName: string;
  at: Date;
  ip: string;
  profileUrl: string;
};

/** To a passkey's owner when a use was refused because its counter went backwards (decision record 026). */
export function passkeyRefusedMail(
  locale: Locale,
  notice: PasskeyRefusedNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  const time = `${notice.at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return renderActionMail({
    to: notice.to,
    subject: t("A sign-in with your passkey was refused"),
    greeting: t("Hello!"),
    lines: [
      t(
        "A sign-in with your passkey “:name” was refused at :time from the address :ip.",
        { name: notice.passkeyName, time, ip: notice.ip },
      ),
      t(
        "Its signature counter went backwards, which happens when a copy of the authenticator is used.",
      ),
    ],
    action: { label: t("Review your passkeys"), url: notice.profileUrl },
    outro: [
      t(
        "If you did not try to sign in, delete this passkey and change your password.",
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
