import { maskAddress } from '@aidf/contract';
import { useTranslation } from '../i18n/use-translation.ts';

/** What the server says of an on-chain leg's confirmations (ZLegConfirmations). */
export type LegConfirmations = { confirmations: number | null; confirmed: boolean };

/**
 * An on-chain leg's confirmations: "Confirmed" once past the depth the platform waits for, "12 confirmations" before,
 * nothing while its block is not known yet. The count stays on the element (data-confirmations) for tests and tools.
 */
export function Confirmations({ leg }: { leg: LegConfirmations }) {
  const { t } = useTranslation();
  if (!leg.confirmed && leg.confirmations === null) return null;
  return (
    <span
      className="nowrap"
      data-testid="confirmations"
      data-confirmations={leg.confirmations ?? ''}
      data-confirmed={leg.confirmed ? 'true' : 'false'}
    >
      {leg.confirmed ? t('history.confirmed') : t('history.confirmations', { count: leg.confirmations ?? 0 })}
    </span>
  );
}

/** A transaction hash, shortened, as a link to the chain's explorer (or plain text when there is no link). */
export function TxLink({ hash, url }: { hash: string; url: string | null }) {
  const text = (
    <bdi dir="ltr" className="mono" title={hash}>
      {maskAddress(hash)}
    </bdi>
  );
  if (!url) return text;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" data-testid="tx-link">
      {text}
    </a>
  );
}
