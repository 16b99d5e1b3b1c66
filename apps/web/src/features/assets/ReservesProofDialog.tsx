import { verifyInclusionProof } from '@aidf/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Amount } from '../../components/Amount.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { copyText } from '../../lib/copy-text.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime, percentNumber } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import {
  type ChainState,
  chainReader,
  checkAnswerOnChain,
  type Eip1193,
  leafAmounts,
  type ProofAnswer,
  proofFileName,
  proofFileText,
  verdictOf,
} from './reserves-proof.ts';

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

const TONE_CLASS = { ok: 'notice-success', error: 'notice-error', warn: '', busy: '' } as const;

/** The published root as the chain says it, read through the user's wallet on BNB Smart Chain or a public node. */
function useRootOnChain(answer: ProofAnswer | undefined, enabled: boolean, walletChain: boolean) {
  return useQuery({
    queryKey: ['reserves-root-on-chain', answer?.reportId, answer?.publication.txHash, walletChain],
    queryFn: async (): Promise<ChainState & { via?: 'wallet' | 'public'; host?: string | null }> => {
      const data = answer as ProofAnswer;
      if (!data.publication.txHash) return { status: 'unpublished' };
      const wallet = walletChain ? ((window as { ethereum?: Eip1193 }).ethereum ?? null) : null;
      const reader = await chainReader(data, wallet);
      return { ...(await checkAnswerOnChain(data, reader.rpc)), via: reader.via, host: reader.host };
    },
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/**
 * "Check that my balance is included": fetches the user's proof of inclusion in the latest proof of reserves,
 * verifies it here, in the browser (the root recomputed from the user's two leaves and paths), and checks that
 * root against its publication on BNB Smart Chain, read from the chain through the user's wallet or a public node,
 * not from our server. Loaded only when opened: the hashing comes with it.
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
  const onChain = useRootOnChain(answer.data, verdict?.ok === true, session.chain === 'BNB Smart Chain');

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
    const data = answer.data;
    const { proof, reportId, createdAt, baseUnitDecimals, publication, coverage } = data;
    const chain: ChainState = onChain.data ?? (onChain.isError ? { status: 'unreachable' } : { status: 'checking' });
    const shown = verdictOf(verdict, chain);
    const amounts = leafAmounts(proof, baseUnitDecimals);
    const via =
      onChain.data?.via === 'wallet'
        ? t('reserves.viaWallet')
        : t('reserves.viaPublic', { host: onChain.data?.host ?? '' });
    const bscBlock = data.readAt.find((r) => r.chain === 'bsc')?.at;
    body = (
      <div className="stack-sm">
        <p
          className={`notice ${TONE_CLASS[shown.tone]} reserves-verdict`}
          role="status"
          data-testid="reserves-verdict"
          data-tone={shown.tone}
          data-ok={shown.tone === 'ok'}
        >
          {shown.tone === 'busy' && <span className="spinner-inline" aria-hidden="true" />} {t(shown.key)}
        </p>
        <p className="muted small">
          {t('reserves.explain')}{' '}
          {shown.tone === 'ok' && (
            <span data-testid="reserves-checked-via">{t('reserves.explainOnChain', { via })}</span>
          )}
        </p>
        {coverage && (
          <section className="stack-sm">
            <h3 className="section-title small">{t('reserves.coverage')}</h3>
            <dl className="facts" data-testid="reserves-coverage">
              {coverage.currencies.map(({ currency, covered, percent }) => (
                <div key={currency} data-testid={`reserves-coverage-${currency}`} data-covered={covered}>
                  <dt>{currency.toUpperCase()}</dt>
                  <dd className={covered ? 'text-success' : 'text-danger'}>
                    {t(covered ? 'reserves.covered' : 'reserves.notCovered', {
                      percent: percentNumber(percent, i18n.language),
                    })}
                  </dd>
                </div>
              ))}
            </dl>
            {coverage.status !== 'complete' && <p className="muted small">{t('reserves.coverageIncomplete')}</p>}
          </section>
        )}
        <dl className="facts">
          <div>
            <dt>{t('reserves.reportTime')}</dt>
            <dd>
              {/* Isolated, not forced left to right: the Arabic date reads in its own order. */}
              <bdi data-testid="reserves-time">{formatDateTime(createdAt, i18n.language, { seconds: true })}</bdi>
            </dd>
          </div>
          {bscBlock && (
            <div>
              <dt>{t('reserves.readAtBlock')}</dt>
              <dd>
                <bdi dir="ltr" className="mono" data-testid="reserves-block">
                  {bscBlock}
                </bdi>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('reserves.publication')}</dt>
            <dd data-testid="reserves-publication">
              {publication.txHash && publication.explorerUrl ? (
                <a
                  className="link-button"
                  href={publication.explorerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="reserves-explorer"
                >
                  {publication.blockNumber
                    ? t('reserves.publishedInBlock', { block: publication.blockNumber })
                    : t('reserves.publicationOnItsWay')}
                </a>
              ) : (
                t('reserves.notPublished')
              )}
            </dd>
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
        {/* The file and its command are for a computer: a phone has no terminal to run them in. */}
        <div className="stack-sm desktop-only" data-testid="reserves-file">
          <button
            type="button"
            className="button button-quiet"
            onClick={() => download(proofFileName(reportId), proofFileText(data))}
            data-testid="reserves-download"
          >
            {t('reserves.download')}
          </button>
          <p className="muted small">
            {t('reserves.downloadHint')}{' '}
            <bdi dir="ltr" className="mono address-full" data-testid="reserves-verify-command">
              npm run operator -- reserves-verify &lt;file&gt; --rpc &lt;BSC RPC&gt;
            </bdi>
          </p>
        </div>
      </div>
    );
  }
  return (
    <Dialog title={t('reserves.title')} onClose={onClose} testId="reserves-dialog">
      {body}
    </Dialog>
  );
}
