import nodemailer from 'nodemailer';
import type { Db } from './db/database.js';
import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import { keepInOutbox } from './mail.repo.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the app's mail: through SMTP when configured, else into the outbox shown at /dev/mail. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createMailer(config: AppConfig, db: Db, clock: Clock): Mailer {
  if (config.smtp) {
    const transport = nodemailer.createTransport({
      host: config.smtp.host,
      port: config.smtp.port,
      secure: config.smtp.secure,
      auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass } : undefined,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await keepInOutbox(db, { ...message, createdAt: clock.now() });
    },
  };
}
