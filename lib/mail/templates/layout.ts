import type { MailMessage } from "@/lib/server/mailer";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        c
      ] ?? c,
  );

/** A moment as the mails write it: "2026-12-02 09:00 UTC". */
export const utcMinute = (date: Date) =>
  `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export type ActionMail = {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: { label: string; url: string };
  outro: string[];
  fallback: string;
};

/** A transactional message with one button, as HTML and plain text with the same content. */
export function renderActionMail(mail: ActionMail): MailMessage {
  const paragraphs = (lines: string[]) =>
    lines
      .map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`)
      .join("");
  const html = `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(mail.greeting)}</h1>
${paragraphs(mail.lines)}
<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>
${paragraphs(mail.outro)}
<p style="margin:24px 0 0;font-size:12px;color:#71717a">${escapeHtml(mail.fallback)}<br><a href="${escapeHtml(mail.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(mail.action.url)}</a></p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    mail.greeting,
    "",
    ...mail.lines,
    "",
    `${mail.action.label}: ${mail.action.url}`,
    "",
    ...mail.outro,
  ].join("\n");
  return { to: [mail.to], subject: mail.subject, text, html };
}
