import type { TProposal } from '@aidf/contract';
import { useTranslation } from 'react-i18next';

/**
 * An open proposal's Approve button, offered only when the server says the reader's approval can pass; otherwise
 * why not, in the reader's language (the code the approval would be refused with): never a button that only
 * leads to a refusal.
 */
export function ApproveAction({
  proposal,
  mine,
  pending,
  onApprove,
}: {
  proposal: Pick<TProposal, 'proposalId' | 'canApprove' | 'cannotApprove'>;
  mine: boolean;
  pending: boolean;
  onApprove: (proposalId: string) => void;
}) {
  const { t } = useTranslation();
  if (mine) return <span className="muted">{t('credits.yours')}</span>;
  if (!proposal.canApprove) {
    const refusal = proposal.cannotApprove;
    const why = refusal ? t(`errors.${refusal.code}`, { defaultValue: refusal.message }) : '';
    return (
      <span className="muted" data-testid={`cannot-approve-${proposal.proposalId}`}>
        {t('credits.cannotApprove', { why })}
      </span>
    );
  }
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => onApprove(proposal.proposalId)}
      aria-label={t('credits.approveOne', { id: proposal.proposalId })}
    >
      {t('credits.approve')}
    </button>
  );
}
