import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/index.js';
import { createMailer } from '../src/mail/mailer.js';
import { DEFAULT_PASSWORD, startServer, uniqueEmail, type TestServer } from './helpers.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Parlance <hello@parlance.test>' },
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the verification code by SMTP, and the code signs the user in', async () => {
    const email = uniqueEmail();
    const api = server.client();
    expect(
      (await api.post('/api/auth/register', { name: 'Mail', email, password: DEFAULT_PASSWORD }))
        .status,
    ).toBe(201);
    const message = received.find((mail) => mail.to.includes(email));
    expect(message?.from).toBe('hello@parlance.test');
    const code = /Subject: (\d{6}) is your Parlance verification code/.exec(
      message?.raw ?? '',
    )?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await api.post('/api/auth/verify-code', { email, code });
    expect(verified.status).toBe(200);
  });

  it('has no dev outbox when real mail is configured', async () => {
    expect((await server.client().get('/api/dev/outbox')).status).toBe(404);
  });

  it('answers 503 with a clear message when the mail server is down', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const res = await server.client().post('/api/auth/register', {
      name: 'Down',
      email: uniqueEmail(),
      password: DEFAULT_PASSWORD,
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: 'We could not send the e-mail right now. Please try again in a moment.',
      code: 'mail_unavailable',
    });
  });
});

describe('the outbox in a deployment (ALLOW_MAIL_OUTBOX)', () => {
  it('keeps the mail but writes neither its code nor its address to the log', async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'production', ALLOW_MAIL_OUTBOX: 'true' });
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const stored: unknown[] = [];
    const db = { insert: () => ({ values: async (row: unknown) => void stored.push(row) }) };
    const mailer = createMailer(config, db as unknown as Database, logger);
    await mailer.send({
      to: 'victim@example.com',
      subject: '424242 is your Parlance verification code',
      text: 'Your code is 424242',
    });
    expect(stored).toHaveLength(1);
    expect(lines.join('')).toContain('mail stored in outbox');
    expect(lines.join('')).not.toMatch(/424242|victim@example\.com/);
  });
});
