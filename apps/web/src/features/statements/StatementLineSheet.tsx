import { formatAmount, maskAddress, type TStatementLine, transactionTypeKey } from '@aidf/contract';
import { Confirmations } from '../../components/ChainLeg.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/format.ts';

/** One statement line in full: what, how much, when, with whom, its ids, and its transaction on the explorer. */
export function StatementLineSheet({ line, onClose }: { line: TStatementLine; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const credit = !line.amount.startsWith('-');
  const unit = line.currency.toUpperCase();
  return (
    <Dialog title={t(transactionTypeKey(line.type))} onClose={onClose} testId="statement-detail">
      <div className="stack-sm">
        <p className="review-amount">
          <bdi dir="ltr" className={credit ? 'credit' : 'debit'}>
            {credit ? '+' : ''}
            {formatAmount(line.amount, 18)} {unit}
          </bdi>
        </p>
        <dl className="facts">
          <div>
            <dt>{t('history.status')}</dt>
            <dd>
              <span className="badge badge-confirmed">{t('history.completed')}</span>
            </dd>
          </div>
          {line.counterparty && (
            <div>
              <dt>{t(credit ? 'history.from' : 'history.to')}</dt>
              <dd data-testid="detail-counterparty">{line.counterparty}</dd>
            </div>
          )}
          <div>
            <dt>{t('statement.colTime')}</dt>
            <dd>{formatDateTime(line.createTime, i18n.language, { seconds: true })}</dd>
          </div>
          <div>
            <dt>{t('statement.colBalance')}</dt>
            <dd>
              <bdi dir="ltr">
                {formatAmount(line.balanceAfter, 18)} {unit}
              </bdi>
            </dd>
          </div>
          <div>
            <dt>{t('history.movementId')}</dt>
            <dd>
              <bdi dir="ltr" className="mono" data-testid="detail-movement">
                {line.movementId}
              </bdi>
            </dd>
          </div>
          <div>
            <dt>{t('history.lineId')}</dt>
            <dd>
              <bdi dir="ltr" className="mono">
                {line.id}
              </bdi>
            </dd>
          </div>
          {line.txHash && (
            <div>
              <dt>{t('history.transaction')}</dt>
              <dd>
                <bdi dir="ltr" className="mono" title={line.txHash} data-testid="detail-tx">
                  {maskAddress(line.txHash)}
                </bdi>
              </dd>
            </div>
          )}
          {line.txHash && (line.confirmed || line.confirmations !== null) && (
            <div>
              <dt>{t('history.confirmationsLabel')}</dt>
              <dd>
                <Confirmations leg={line} />
              </dd>
            </div>
          )}
        </dl>
        {line.txUrl && (
          <a
            className="button button-quiet"
            href={line.txUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="detail-explorer"
          >
            {t('history.viewOnExplorer')}
          </a>
        )}
      </div>
    </Dialog>
  );
}
