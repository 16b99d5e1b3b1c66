import type { TNewOperator } from '@aidf/contract';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The new operator's one-time password and authenticator secret, shown once: the server keeps only a hash and
 * answers them no more. The admin hands them over; the operator scans the QR (or signs in and sets it up there).
 */
export function NewOperatorCard({ operator, onDone }: { operator: Omit<TNewOperator, 'status'>; onDone: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(operator.otpauthUri, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [operator.otpauthUri]);
  return (
    <section className="card operator-new" aria-labelledby="new-operator-title" data-testid="new-operator">
      <h2 id="new-operator-title">{t('operators.createdTitle', { name: operator.username })}</h2>
      <p className="operator-warning" role="alert">
        {t('operators.shownOnce')}
      </p>
      <dl className="facts">
        <dt>{t('operators.username')}</dt>
        <dd className="mono">{operator.username}</dd>
        <dt>{t('operators.role')}</dt>
        <dd>{t(`common.roles.${operator.role}`)}</dd>
        <dt>{t('operators.password')}</dt>
        <dd className="mono" data-testid="new-operator-password">
          {operator.password}
        </dd>
      </dl>
      <div className="operator-qr">
        {qr ? <img src={qr} alt={t('operators.qrAlt')} width={200} height={200} /> : null}
        <code className="mono" data-testid="new-operator-uri">
          {operator.otpauthUri}
        </code>
      </div>
      <button type="button" onClick={onDone}>
        {t('operators.handedOver')}
      </button>
    </section>
  );
}
