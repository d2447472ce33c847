import "server-only";
import type { MailMessage } from "@/lib/server/mailer";
import { renderActionMail } from "@/lib/mail/templates/layout";
import { type Locale, translate } from "@/lib/i18n/catalog";

/** Jetstream's `emails.team-invitation`, its words, with the signed acceptance link. */
export function teamInvitationMail(
  locale: Locale,
  to: string,
  team: string,
  url: string,
  days: number,
): MailMessage {
  const t = (key: string, replacements?: Record<string, string | number>) =>
    translate(locale, key, replacements);
  return renderActionMail({
    to,
    subject: t("Team Invitation"),
    greeting: t("You have been invited to join the :team team!", { team }),
    lines: [
      t(
        "If you do not have an account, you may create one, verify your email address, and then click the invitation acceptance button in this email to accept the team invitation.",
      ),
      t(
        "If you already have an account, you may accept this invitation by clicking the button below:",
      ),
    ],
    action: { label: t("Accept Invitation"), url },
    outro: [
      t("This invitation will expire in :count days.", { count: days }),
      t(
        "If you did not expect to receive an invitation to this team, you may discard this email.",
      ),
    ],
    fallback: t(
      "If the button does not work, copy this address into your browser:",
    ),
  });
}
