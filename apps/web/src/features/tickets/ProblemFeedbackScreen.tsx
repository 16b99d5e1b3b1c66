import { useTranslation } from 'react-i18next';
import { TicketForm } from './TicketForm.tsx';
import { TicketList } from './TicketList.tsx';
import './feedback.css';

/** /problemfeedback: the safety notice, the form that opens a ticket, and the user's tickets with replies. */
export default function ProblemFeedbackScreen() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p className="notice" role="note" data-testid="feedback-safety">
        {t('feedback.safety')}
      </p>
      <TicketForm />
      <TicketList />
    </div>
  );
}
