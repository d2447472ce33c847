import "server-only";
import { Resend } from "resend";
import type { Mailer, MailMessage } from "@/lib/mail/mailer";

/** Delivers through the Resend API. A refusal or an unreachable API throws, so the queue retries. */
export function resendMailer(apiKey: string, from: string): Mailer {
  const client = new Resend(apiKey);
  return {
    async send(message: MailMessage) {
      const { error } = await client.emails.send({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      if (error) throw new Error(`Resend refused the message: ${error.name}: ${error.message}`);
    },
  };
}
