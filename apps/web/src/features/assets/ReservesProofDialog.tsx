import { verifyInclusionProof } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/Amount.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { leafAmounts, proofFileName, proofFileText, verdictKey } from './reserves-proof.ts';

/** Saves the proof as a file, for `npm run operator -- reserves-verify <file>` or any verifier of the format. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the blob to the download by now; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Check that my balance is included": fetches the user's proof of inclusion in the latest proof of reserves and
 * verifies it here, in the browser (the root recomputed from the user's leaf and path), not on the server's word.
 * Loaded only when opened: the hashing comes with it.
 */
export default function ReservesProofDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const session = useSession();
  const mid = session.isLogin ? session.userInfo?.mid : undefined;
  const answer = useQuery({
    queryKey: ['reserves-proof', mid],
    queryFn: () => call('reservesProof', {}),
    enabled: mid !== undefined,
    // A new report may come at any time: each opening asks again.
    staleTime: 0,
  });
  const verdict = useMemo(() => (answer.data ? verifyInclusionProof(answer.data.proof) : null), [answer.data]);

  let body: React.ReactNode;
  if (answer.isError) {
    body = (
      <p className="notice" role="status" data-testid="reserves-unavailable">
        {errorMessage(answer.error, t, (k) => i18n.exists(k))}
      </p>
    );
  } else if (!answer.data || !verdict) {
    body = <Spinner />;
  } else {
    const { proof, reportId, createdAt, baseUnitDecimals } = answer.data;
    const amounts = leafAmounts(proof, baseUnitDecimals);
    body = (
      <div className="stack-sm">
        <p
          className={`notice ${verdict.ok ? 'notice-success' : 'notice-error'} reserves-verdict`}
          role="status"
          data-testid="reserves-verdict"
          data-ok={verdict.ok}
        >
          {t(verdictKey(verdict))}
        </p>
        <p className="muted small">{t('reserves.explain')}</p>
        <dl className="facts">
          <div>
            <dt>{t('reserves.reportTime')}</dt>
            <dd>
              {/* Isolated, not forced left to right: the Arabic date reads in its own order. */}
              <bdi data-testid="reserves-time">{formatDateTime(createdAt, i18n.language, { seconds: true })}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('reserves.pathSteps')}</dt>
            <dd data-testid="reserves-steps">{proof.path.length}</dd>
          </div>
          <div>
            <dt>{t('reserves.rootHash')}</dt>
            <dd className="reserves-root">
              <bdi dir="ltr" className="mono address-full" data-testid="reserves-root">
                {proof.root.hash}
              </bdi>
              <button
                type="button"
                className="link-button small"
                onClick={() => void copyText(proof.root.hash, t('reserves.copied'))}
                data-testid="reserves-copy-root"
              >
                {t('reserves.copyRoot')}
              </button>
            </dd>
          </div>
        </dl>
        {amounts && (
          <section className="stack-sm">
            <h3 className="section-title small">{t('reserves.yourLeaf')}</h3>
            <dl className="facts" data-testid="reserves-leaf">
              {amounts.map(({ currency, amount }) => (
                <div key={currency} data-testid={`reserves-leaf-${currency}`}>
                  <dt>{currency.toUpperCase()}</dt>
                  <dd>
                    <Amount amount={amount} currency={currency} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <button
          type="button"
          className="button button-quiet"
          onClick={() => download(proofFileName(reportId), proofFileText(proof))}
          data-testid="reserves-download"
        >
          {t('reserves.download')}
        </button>
        <p className="muted small">
          {t('reserves.downloadHint')}{' '}
          <bdi dir="ltr" className="mono address-full" data-testid="reserves-verify-command">
            npm run operator -- reserves-verify &lt;file&gt;
          </bdi>
        </p>
      </div>
    );
  }
  return (
    <Dialog title={t('reserves.title')} onClose={onClose} testId="reserves-dialog">
      {body}
    </Dialog>
  );
}
