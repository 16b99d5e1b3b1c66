import type { TQueuedTicket } from '@aidf/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { formatTime } from '../../lib/format.ts';
import { useTicketQueue } from './api.ts';

const column = createColumnHelper<TQueuedTicket>();

/** The first line of the user's latest message: enough to triage without opening the ticket. */
function excerpt(ticket: TQueuedTicket): string {
  const text = ticket.messages.at(-1)?.content ?? '';
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
}

export function TicketQueue() {
  const { t } = useTranslation();
  const queue = useTicketQueue();
  const columns = [
    column.accessor('ticketId', {
      header: t('tickets.number'),
      cell: (c) => (
        <Link href={`/${c.getValue()}`} aria-label={t('tickets.openOne', { no: c.getValue() })}>
          #{c.getValue()}
        </Link>
      ),
      meta: { num: true },
    }),
    column.accessor('username', { header: t('tickets.user') }),
    column.accessor('waitingSince', {
      header: t('tickets.waitingSince'),
      cell: (c) => formatTime(Date.parse(c.getValue())),
    }),
    column.accessor('about', {
      header: t('tickets.about'),
      cell: (c) => {
        const about = c.getValue();
        return about
          ? t('tickets.aboutRecord', {
              kind: t(`tickets.kinds.${about.kind}`, { defaultValue: about.kind }),
              id: about.id,
            })
          : '';
      },
    }),
    // The user's words, in their own direction (an English or Chinese message in the Arabic console too).
    column.accessor(excerpt, { id: 'text', header: t('tickets.text'), cell: (c) => <bdi>{c.getValue()}</bdi> }),
    column.accessor((ticket) => ticket.messages.reduce((n, m) => n + m.attach.length, 0), {
      id: 'images',
      header: t('tickets.images'),
      meta: { num: true },
    }),
  ];
  return (
    <>
      <h1>{t('tickets.title')}</h1>
      <p className="muted">{t('tickets.help')}</p>
      <ErrorLine error={queue.error} />
      {queue.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {queue.data ? (
        <DataTable label={t('tickets.queue')} testId="ticket-queue" data={queue.data} columns={columns} />
      ) : null}
    </>
  );
}
