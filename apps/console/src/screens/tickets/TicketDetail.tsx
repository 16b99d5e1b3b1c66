import type { TQueuedTicket } from '@aidf/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { ServerRefusal } from '../../components/ServerRefusal.tsx';
import { formatTime } from '../../lib/format.ts';
import { Attachment } from './Attachment.tsx';
import { useReply, useTicketQueue } from './api.ts';

/** One message, the user's on one side and support's on the other. */
function Message({ message }: { message: TQueuedTicket['messages'][number] }) {
  const { t } = useTranslation();
  const fromUser = message.from === 'user';
  return (
    <li className={fromUser ? 'ticket-msg from-user' : 'ticket-msg from-support'} data-testid="ticket-message">
      <div className="muted ticket-meta">
        {fromUser ? t('tickets.fromUser') : t('tickets.fromSupport', { name: message.operator ?? '' })} ·{' '}
        {formatTime(message.createTime * 1000)}
      </div>
      <div className="ticket-text">{message.content}</div>
      {message.attach.length > 0 ? (
        <div className="ticket-images">
          {message.attach.map((id) => (
            <Attachment key={id} id={id} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A ticket from the queue: its thread, the record it is about, and the reply box. A reply answers the ticket,
 * so it leaves the queue; the thread stays on screen (kept from when it was opened) with the reply sent.
 */
export function TicketDetail() {
  const { t } = useTranslation();
  const { ticketId = '' } = useParams<{ ticketId: string }>();
  const queue = useTicketQueue();
  const reply = useReply(ticketId);
  const [opened, setOpened] = useState<TQueuedTicket | null>(null);
  const [text, setText] = useState('');
  const [sent, setSent] = useState<TQueuedTicket['messages']>([]);

  const current = queue.data?.find((ticket) => ticket.ticketId === ticketId) ?? null;
  if (current && current !== opened) setOpened(current);
  const ticket = current ?? opened;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    reply.mutate(content, {
      onSuccess: () => {
        setSent((s) => [
          ...s,
          { from: 'operator', operator: null, createTime: Date.now() / 1000, content, attach: [] },
        ]);
        setText('');
      },
    });
  };
  const back = (
    <p>
      <Link href="/">{t('tickets.back')}</Link>
    </p>
  );
  if (queue.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (!ticket) {
    return (
      <>
        {back}
        <ErrorLine error={queue.error} />
        <p className="card">{t('tickets.notInQueue', { no: ticketId })}</p>
      </>
    );
  }
  return (
    <>
      {back}
      <h1>{t('tickets.detailTitle', { no: ticket.ticketId, user: ticket.username })}</h1>
      <p className="muted">
        {t('tickets.waitingSince')}: {formatTime(Date.parse(ticket.waitingSince))}
        {ticket.about
          ? ` · ${t('tickets.aboutRecord', { kind: t(`tickets.kinds.${ticket.about.kind}`, { defaultValue: ticket.about.kind }), id: ticket.about.id })}`
          : ''}
      </p>
      {ticket.record ? (
        <details className="card">
          <summary>{t('tickets.record')}</summary>
          <pre className="mono">{JSON.stringify(ticket.record, null, 2)}</pre>
        </details>
      ) : null}
      <ol className="ticket-thread" aria-label={t('tickets.thread')} data-testid="ticket-thread">
        {[...ticket.messages, ...sent].map((m, i) => (
          // Messages of the queue carry no id; the thread only grows at its end, so the position is a stable key.
          <Message key={i} message={m} />
        ))}
      </ol>
      {reply.data ? (
        <p className="notice" role="status" data-testid="reply-sent">
          {t('tickets.replied')}
        </p>
      ) : null}
      <form className="card" onSubmit={submit} aria-labelledby="reply-title">
        <h2 id="reply-title">{t('tickets.replyTitle')}</h2>
        <label>
          {t('tickets.replyLabel')}
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={4000}
            required
            rows={4}
            dir="auto"
          />
        </label>
        <div className="row form-actions">
          <button type="submit" disabled={reply.isPending || !text.trim()}>
            {t('tickets.send')}
          </button>
        </div>
        <ServerRefusal error={reply.error} />
      </form>
    </>
  );
}
