import type { TTicket } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { UserText } from '../../components/UserText.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime, shortText } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { RepliesDialog } from './RepliesDialog.tsx';
import { TICKETS_KEY } from './TicketForm.tsx';
import { TicketImage } from './TicketImage.tsx';

/** While a ticket waits for support the list looks again now and then, so a reply shows without a reload. */
const REFRESH_MS = 15_000;
/** About two lines of a phone's width; the whole text is in the ticket's thread. */
const SUMMARY_CHARS = 80;

/** The user's tickets, newest first, each with its state: replied or not replied (SPEC.md point 3). */
export function TicketList() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const session = useSession();
  const mid = session.userInfo?.mid ?? '';
  const [open, setOpen] = useState<TTicket | null>(null);
  const tickets = useQuery({
    queryKey: TICKETS_KEY,
    enabled: mid !== '',
    queryFn: () => call('ticketList', { params: { pageNum: '1', pageSize: '100', mid } }),
    refetchInterval: (query) => (query.state.data?.list.some((x) => !x.replied) ? REFRESH_MS : false),
  });
  if (!tickets.data) return <Skeleton />;
  return (
    <section className="stack-sm" data-testid="ticket-list">
      <h2 className="section-title">{t('tickets.myTickets')}</h2>
      {tickets.data.list.length === 0 ? (
        <div className="card">
          <EmptyState title={t('tickets.noTickets')} text={t('tickets.noTicketsText')} />
        </div>
      ) : (
        <ul className="card option-list">
          {tickets.data.list.map((ticket) => (
            <li key={ticket.id} className="option ticket-item" data-testid="ticket" data-replied={ticket.replied}>
              <button type="button" className="ticket-open" onClick={() => setOpen(ticket)}>
                <UserText className="ticket-summary">{shortText(ticket.content.content, SUMMARY_CHARS)}</UserText>
                <small className="muted">
                  <bdi dir="ltr">#{ticket.id}</bdi> · {formatDateTime(ticket.createTime * 1000, i18n.language)}
                  {ticket.about && (
                    <>
                      {' '}
                      · {t(`tickets.kind.${ticket.about.kind}`)} <bdi dir="ltr">#{ticket.about.id}</bdi>
                    </>
                  )}
                </small>
              </button>
              {ticket.attach.length > 0 && (
                <div className="ticket-images">
                  {ticket.attach.map((id) => (
                    <TicketImage key={id} id={id} />
                  ))}
                </div>
              )}
              <span
                className={`badge ${ticket.replied ? 'badge-confirmed' : 'badge-requested'}`}
                data-testid="ticket-state"
              >
                {t(ticket.replied ? 'tickets.replied' : 'tickets.notReplied')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <RepliesDialog ticket={tickets.data.list.find((x) => x.id === open.id) ?? open} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
