import "server-only";
import { Resend } from "resend";
import type { Mailer, MailMessage } from "@/lib/server/mailer";

// An API that accepts the connection and never answers must not stall the queue behind it.
const SEND_TIMEOUT_MS = 15_000;

/**
 * Delivers through the Resend API (at `baseUrl` when given: RESEND_BASE_URL). A refusal, an
 * unreachable API or one that does not answer in time throws, so the queue retries.
 */
export function resendMailer(
  apiKey: string,
  from: string,
  baseUrl?: string,
): Mailer {
  const client = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    async send(message: MailMessage) {
      const { error } = await client.emails.send(
        {
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        },
        { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      );
      if (error)
        throw new Error(
          `Resend refused the message: ${error.name}: ${error.message}`,
        );
    },
  };
}
