import type { TLanguage } from '@aidf/contract';
import nodemailer from 'nodemailer';
import type { EmailCodePurpose } from '../../db/repositories/email-codes.ts';
import { ADDRESS_BOOK_CODE_MAIL } from './address-book-code-mail.ts';
import { BIND_CODE_MAIL } from './bind-code-mail.ts';
import { EMAIL_CHANGE_CODE_MAIL, EMAIL_CHANGE_OWNER_CODE_MAIL } from './email-change-code-mail.ts';
import { LOGIN_CODE_MAIL } from './login-code-mail.ts';
import { type SecurityNotice, securityNoticeMail } from './security-change-mail.ts';

export interface Mailer {
  /** A code e-mail; its words say what the code is for (sign-in by default, binding a wallet, an address-book change, an e-mail change). */
  sendLoginCode(to: string, code: string, language: TLanguage, purpose?: EmailCodePurpose): Promise<void>;
  /** Tells the account's owner of a bind, unbind or password change and until when money is held. */
  sendSecurityNotice(to: string, notice: SecurityNotice, language: TLanguage): Promise<void>;
  /** A notification's e-mail, written when its event committed (domain/notifications/mail-outbox.ts). */
  sendMail(mail: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export const MAIL_FROM = 'AIDF <no-reply@aidf.local>';

const CODE_MAILS = {
  login: LOGIN_CODE_MAIL,
  'bind-address': BIND_CODE_MAIL,
  'address-book': ADDRESS_BOOK_CODE_MAIL,
  'change-email': EMAIL_CHANGE_CODE_MAIL,
  'change-email-owner': EMAIL_CHANGE_OWNER_CODE_MAIL,
} as const;

/** Sends over SMTP to `smtpUrl` (smtp://host:port, smtps://… or with user:pass@). */
export function smtpMailer(smtpUrl: string, from = MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendLoginCode(to, code, language, purpose = 'login') {
      const mail = CODE_MAILS[purpose][language];
      await transport.sendMail({ from, to, subject: mail.subject, text: mail.text.replace('{code}', code) });
    },
    async sendSecurityNotice(to, notice, language) {
      await transport.sendMail({ from, to, ...securityNoticeMail(notice, language) });
    },
    async sendMail(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
