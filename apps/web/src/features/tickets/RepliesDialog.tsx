import type { TTicket } from '@aidf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { showToast } from '../../components/toast.tsx';
import { UserText } from '../../components/UserText.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { TICKETS_KEY } from './TicketForm.tsx';
import { TicketImage } from './TicketImage.tsx';

/** SPEC.md point 9: the reply list is read as page 1 of 100. */
const FIRST_PAGE = '1';
const PAGE_SIZE = '100';

/** The feedback-reply list dialog (page event fb): the ticket, support's replies, and a follow-up once replied. */
export function RepliesDialog({ ticket, onClose }: { ticket: TTicket; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const key = ['ticket-replies', ticket.id];
  const replies = useQuery({
    queryKey: key,
    queryFn: () =>
      call('ticketReplies', { params: { workOrderNo: ticket.id, pageNum: FIRST_PAGE, pageSize: PAGE_SIZE } }),
  });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return;
    setBusy(true);
    try {
      await call('ticketFollowUp', { params: { ticketId: ticket.id }, body: { content: text.trim(), attach: [] } });
      setText('');
      showToast(t('tickets.followUpSent'), 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
      ]);
      onClose();
    } catch (error) {
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t('tickets.replies')} onClose={onClose} testId="replies-dialog">
      <div className="stack-sm ticket-thread">
        <div className="ticket-message">
          <small className="muted">
            {t('tickets.fromYou')} · {formatDateTime(ticket.createTime * 1000, i18n.language)}
          </small>
          <UserText block className="ticket-body">
            {ticket.content.content}
          </UserText>
        </div>
        {!replies.data ? (
          <Skeleton />
        ) : replies.data.list.length === 0 ? (
          <p className="muted" data-testid="no-replies">
            {t('tickets.noReplies')}
          </p>
        ) : (
          replies.data.list.map((r) => (
            <div
              key={r.id}
              className={`ticket-message${r.from === 'operator' ? ' ticket-message-support' : ''}`}
              data-testid="ticket-reply"
              data-from={r.from}
            >
              <small className="muted">
                {t(r.from === 'operator' ? 'tickets.fromSupport' : 'tickets.fromYou')} ·{' '}
                {formatDateTime(r.createTime * 1000, i18n.language)}
              </small>
              <UserText block className="ticket-body">
                {r.replyContent.content}
              </UserText>
              {r.attach.length > 0 && (
                <div className="ticket-images">
                  {r.attach.map((id) => (
                    <TicketImage key={id} id={id} />
                  ))}
                </div>
              )}
            </div>
          ))
        )}
        {ticket.replied ? (
          <form className="stack-sm" onSubmit={send} data-testid="follow-up-form">
            <textarea
              dir="auto"
              className="input ticket-text"
              rows={3}
              maxLength={2000}
              value={text}
              placeholder={t('tickets.followUpPlaceholder')}
              aria-label={t('tickets.followUp')}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button" disabled={busy || text.trim() === ''}>
              {t('tickets.followUp')}
            </button>
          </form>
        ) : (
          <p className="muted small">{t('tickets.waiting')}</p>
        )}
      </div>
    </Dialog>
  );
}
