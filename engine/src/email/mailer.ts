import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/** Sends mail through SMTP (SMTP_URL), or nowhere: every message is kept in the outbox either way. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

export function mailerFor(smtpUrl: string | undefined, from = 'Contrail <bookings@contrail.invalid>'): Mailer {
  if (!smtpUrl) return { transport: 'outbox', send: async () => {} };
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
  };
}
