/** A rendered message, ready for any driver. Links inside are absolute (APP_URL). */
export type MailMessage = {
  to: string[];
  subject: string;
  text: string;
  html: string;
};

/** The one mail interface; drivers: outbox (files, docs/contract.md ("Runtime")) and resend. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
