import nodemailer from 'nodemailer';
import type { AppDeps } from '../deps.ts';
import type { MailSender } from './send-queued-mails.ts';

/**
 * The SMTP server of SMTP_URL, through nodemailer: smtps:// is TLS from the start, smtp:// upgrades
 * with STARTTLS when the server offers it. Short timeouts: a dead or hung server fails the attempt
 * (retried later, send-queued-mails.ts), it never holds anything else.
 */
export function smtpSender(deps: Pick<AppDeps, 'config'>): { send: MailSender; close(): void } {
  const url = new URL(deps.config.SMTP_URL!);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: deps.config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: mail.headers,
      });
    },
    close() {
      transport.close();
    },
  };
}
