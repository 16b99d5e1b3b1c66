import type { FastifyInstance } from 'fastify';
import type { DevMailbox } from '../../dev/mailbox.ts';
import { escapeHtml } from './escape-html.ts';

/** /dev/mailbox: the messages the dev mailbox received (development only). */
export async function devMailboxRoutes(app: FastifyInstance, opts: { mailbox: DevMailbox }) {
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => opts.mailbox.messages());
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const items = opts.mailbox
      .messages()
      .map(
        (m) =>
          `<li><strong>${escapeHtml(m.subject)}</strong><br><small>to ${escapeHtml(m.to)} · ${new Date(m.receivedAt).toISOString()}</small><pre>${escapeHtml(m.text)}</pre></li>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>AIDF dev mailbox</title>
<style>body{font-family:system-ui;background:#0b0f17;color:#e8edf5;max-width:640px;margin:auto;padding:16px}li{margin:12px 0;padding:12px;background:#141a26;border-radius:12px;list-style:none}pre{white-space:pre-wrap}</style>
<h1>Dev mailbox</h1><p>E-mails the server sent while no SMTP_URL is set. Newest first; reload to refresh.</p><ul>${items || '<li>No mail yet.</li>'}</ul>`;
  });
}
