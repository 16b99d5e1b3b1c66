import type { TLanguage } from '@aidf/contract';
import nodemailer from 'nodemailer';
import { LOGIN_CODE_MAIL } from './login-code-mail.ts';

export interface Mailer {
  sendLoginCode(to: string, code: string, language: TLanguage): Promise<void>;
  close(): void;
}

export const MAIL_FROM = 'AIDF <no-reply@aidf.local>';

/** Sends over SMTP to `smtpUrl` (smtp://host:port, smtps://… or with user:pass@). */
export function smtpMailer(smtpUrl: string, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendLoginCode(to, code, language) {
      const mail = LOGIN_CODE_MAIL[language];
      await transport.sendMail({ from, to, subject: mail.subject, text: mail.text.replace('{code}', code) });
    },
    close: () => transport.close(),
  };
}
