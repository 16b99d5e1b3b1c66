import { type AddressInfo, isIP } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: number;
}

export interface DevMailbox {
  /** smtp://127.0.0.1:port, for the mailer. */
  smtpUrl: string;
  messages(): DevMail[];
  close(): Promise<void>;
}

const KEEP = 50;

/**
 * A real SMTP server on loopback that keeps the last 50 messages in memory, so `npm start` can send
 * sign-in codes without a mail server. Never started in production.
 */
export async function startDevMailbox(host = '127.0.0.1'): Promise<DevMailbox> {
  if (isIP(host) === 0) throw new Error('the dev mailbox listens on an IP address');
  const received: DevMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'AIDF dev mailbox',
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          received.unshift({ to, subject: mail.subject ?? '', text: mail.text ?? '', receivedAt: Date.now() });
          received.length = Math.min(received.length, KEEP);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://${host}:${port}`,
    messages: () => [...received],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
