import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

export type TokenExpiringNotice = {
  to: string;
  tokenName: string;
  expiresAt: Date;
  tokensUrl: string;
};

/** To a token's owner, once, a week before it expires (decision record 045). */
export function tokenExpiringMail(
  locale: Locale,
  notice: TokenExpiringNotice,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  const time = `${notice.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return renderActionMail({
    to: notice.to,
    subject: t("An API token expires soon"),
    greeting: t("Hello!"),
    lines: [
      t("Your API token “:name” expires at :time.", {
        name: notice.tokenName,
        time,
      }),
      t(
        "Whatever uses it stops working then: roll it or create a new one before.",
      ),
    ],
    action: { label: t("Review your tokens"), url: notice.tokensUrl },
    outro: [],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
