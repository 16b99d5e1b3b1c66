import { useTranslation } from '../../i18n/use-translation.ts';
import { TicketForm } from './TicketForm.tsx';
import { TicketList } from './TicketList.tsx';
import './tickets.css';

/** /problemfeedback: the safety notice, the form that opens a ticket, and the user's tickets with replies. */
export default function TicketsScreen() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p className="notice" role="note" data-testid="ticket-safety">
        {t('tickets.safety')}
      </p>
      <TicketForm />
      <TicketList />
    </div>
  );
}
