import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/auth.ts';
import { ErrorLine } from '../../components/ErrorLine.tsx';
import { currencyLabel } from '../../lib/format.ts';
import { useProposeWithdrawLimit, useUserWithdrawLimits } from './api.ts';
import { WithdrawLimitForm } from './WithdrawLimitForm.tsx';

const PERIODS = ['day', 'days30'] as const;

/**
 * The user's withdrawal limits per currency and period (the platform's, their own, what is left): whoever reads the
 * user sees them; the form to propose the user's own is finance's and the admin's (`credit` permission).
 */
export function WithdrawLimits({ mid }: { mid: string }) {
  const { t } = useTranslation();
  const limits = useUserWithdrawLimits(mid);
  const propose = useProposeWithdrawLimit(mid);
  const canPropose = useMe().data?.permissions.includes('credit') ?? false;
  const none = t('users.limits.none');
  return (
    <>
      {limits.isError ? <ErrorLine error={limits.error} /> : null}
      {limits.data ? (
        <table aria-label={t('users.limits.title')} data-testid="withdraw-limits">
          <thead>
            <tr>
              <th>{t('users.currency')}</th>
              <th>{t('users.limits.period')}</th>
              <th>{t('users.limits.platform')}</th>
              <th>{t('users.limits.own')}</th>
              <th>{t('users.limits.left')}</th>
            </tr>
          </thead>
          <tbody>
            {limits.data.flatMap((row) =>
              PERIODS.map((period) => (
                <tr key={`${row.currency}-${period}`}>
                  <td>{currencyLabel(row.currency)}</td>
                  <td>{t(`users.limits.${period}`)}</td>
                  <td>{row.platform[period] ?? none}</td>
                  <td>{row.own[period] ?? '—'}</td>
                  <td>{row.left[period] ?? none}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      ) : null}
      {canPropose ? (
        <WithdrawLimitForm
          onPropose={(terms) => propose.mutate(terms)}
          pending={propose.isPending}
          error={propose.error}
          proposalIds={propose.data ?? null}
        />
      ) : null}
    </>
  );
}
