import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

export type AccountClaimedNotice = {
  to: string;
  provider: string;
  at: Date;
  ip: string;
  setPasswordUrl: string;
};

/** To the owner of an address whose account a provider's verified sign-in claimed (decision record 007). */
export function accountClaimedMail(
  locale: Locale,
  notice: AccountClaimedNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  const provider = notice.provider;
  return renderActionMail({
    to: notice.to,
    subject: t("Your account was signed into with :provider", { provider }),
    greeting: t("Hello!"),
    lines: [
      t(
        "Someone signed in to your account with :provider, which confirmed that this email address belongs to them.",
        { provider },
      ),
      t(
        "The address had never been verified here, so whoever registered it may have chosen the password: we removed the password and ended every other session and access token of the account.",
        {},
      ),
      t("Time: :time. Address: :ip.", {
        time: notice.at.toISOString(),
        ip: notice.ip,
      }),
    ],
    action: { label: t("Set a password"), url: notice.setPasswordUrl },
    outro: [
      t(
        "If this was you, keep signing in with :provider, or set a password with the button above.",
        { provider },
      ),
      t(
        "If it was not you, secure your :provider account first, then set a password here.",
        { provider },
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
