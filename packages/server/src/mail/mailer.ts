import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { outbox } from '../db/schema/index.js';
import { DomainError } from '../domainErrors.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  /** 'outbox' keeps mail in the database (readable at GET /api/dev/outbox on local installs only). */
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const mailUnavailable = () =>
  new DomainError(
    'mail_unavailable',
    'We could not send the e-mail right now. Please try again in a moment.',
  );

/** SMTP (nodemailer) when SMTP_URL is set, otherwise the local outbox. */
export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        try {
          await transport.sendMail({ from, ...message });
        } catch (err) {
          // Not the subject: it can hold the verification code.
          log.error({ err }, 'SMTP delivery failed');
          throw mailUnavailable();
        }
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insert(outbox)
        .values({ to: message.to, subject: message.subject, text: message.text });
      // Development convenience: the code or link is in the log. Never in a deployment.
      if (config.deployed) log.info('mail stored in outbox');
      else
        log.info(
          { to: message.to, subject: message.subject, text: message.text },
          'mail stored in outbox',
        );
    },
    close: () => undefined,
  };
}

/** The newest 100 messages kept in the outbox, all or those to one address. */
export function readOutbox(db: Database, to?: string) {
  return db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(100);
}
