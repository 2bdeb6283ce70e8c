import type { MailMessage } from './mailer.js';

export const verificationCodeMail = (to: string, code: string, minutes: number): MailMessage => ({
  to,
  subject: `${code} is your Parlance verification code`,
  text: `Your Parlance verification code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not create an account, ignore this e-mail.`,
});

export const passwordResetMail = (to: string, link: string): MailMessage => ({
  to,
  subject: 'Reset your Parlance password',
  text: `Someone asked to reset the password of your Parlance account.\n\nChoose a new password here (valid for 1 hour, once):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays the same.`,
});

export const contactMail = (
  to: string,
  from: { name: string; email: string },
  message: string,
): MailMessage => ({
  to,
  replyTo: from.email,
  subject: `Contact form: ${from.name}`,
  text: `From: ${from.name} <${from.email}>\n\n${message}`,
});
