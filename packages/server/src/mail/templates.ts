import type { MailMessage } from './mailer.js';

export const verificationCodeMail = (to: string, code: string, minutes: number): MailMessage => ({
  to,
  subject: `${code} is your Parlance verification code`,
  text: `Your Parlance verification code is ${code}.\n\nEnter it on the sign-up page where you chose your password: it activates that password. It expires in ${minutes} minutes. If you did not create an account, ignore this e-mail.`,
});

/** What a sign-up for an address that already has an account mails instead of a code. */
export const accountExistsMail = (
  to: string,
  links: { signIn: string; forgotPassword: string },
): MailMessage => ({
  to,
  subject: 'You already have a Parlance account',
  text: `Someone tried to create a Parlance account with this e-mail address, which already has one.\n\nIf it was you, sign in instead:\n${links.signIn}\n\nForgot your password? Choose a new one here:\n${links.forgotPassword}\n\nIf it was not you, ignore this e-mail: nothing has changed.`,
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

/** Auto top-up charged nothing and turned itself off; says why and where to look. */
export const autoTopUpFailedMail = (
  to: string,
  amount: string,
  reason: string,
  billingLink: string,
): MailMessage => ({
  to,
  subject: 'Parlance auto top-up failed and is now off',
  text: `Your Parlance balance fell below your auto top-up threshold, and charging ${amount} to your default card failed:\n\n${reason}\n\nAuto top-up is now off, so no other charge will be tried. Transcription stops when your balance runs out. Check your card and buy credit or turn auto top-up on again here:\n${billingLink}`,
});

/** The balance fell below the owner's alert. */
export const lowBalanceMail = (
  to: string,
  balance: string,
  alert: string,
  billingLink: string,
): MailMessage => ({
  to,
  subject: `Your Parlance balance is ${balance}`,
  text: `Your Parlance balance is ${balance}, below the ${alert} you asked to be told about. Transcription stops when it runs out.\n\nBuy credit, or turn on auto top-up, here:\n${billingLink}\n\nYou get this e-mail once each time the balance falls below ${alert}; change or remove the alert on the same page.`,
});
