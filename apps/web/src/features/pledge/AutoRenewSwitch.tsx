import type { TPledgeOrder } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useApi } from '../../lib/use-api.ts';
import { PLEDGES_KEY } from './use-fund-info.ts';

/** The auto-renew switch and what it does (RULES.md "Pledge"): in the pledge dialog before confirming. */
export function AutoRenewSwitch({
  on,
  onChange,
  disabled,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label className="row-between small auto-renew">
      <span>
        <span>{t('pledge.autoRenew')}</span>
        <small className="muted" style={{ display: 'block' }}>
          {t('pledge.autoRenewHint')}
        </small>
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid="auto-renew"
      />
    </label>
  );
}

const RENEWAL_KEYS = {
  renewed: 'pledge.renewalRenewed',
  'not-offered': 'pledge.renewalNotOffered',
  'out-of-bounds': 'pledge.renewalOutOfBounds',
} as const;

/**
 * On a pledge's detail: the switch while it runs (the server refuses it from the maturity day on), and once
 * matured what auto-renew did with it.
 */
export function PledgeAutoRenew({ pledge, onChanged }: { pledge: TPledgeOrder; onChanged: (p: TPledgeOrder) => void }) {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Shown at once; back to what it was when the server refuses the change.
  const [shown, setShown] = useState(pledge.autoRenew);
  async function change(on: boolean) {
    setBusy(true);
    setShown(on);
    try {
      onChanged(await call('pledgeAutoRenew', { params: { id: pledge.id, on: on ? '1' : '0' } }));
      await queryClient.invalidateQueries({ queryKey: PLEDGES_KEY });
    } catch (error) {
      setShown(!on);
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="stack-sm" data-testid="pledge-auto-renew">
      {pledge.renewedFrom && <p className="muted small">{t('pledge.renewedFrom', { id: pledge.renewedFrom })}</p>}
      {pledge.status === 'running' ? (
        <AutoRenewSwitch on={shown} onChange={change} disabled={busy} />
      ) : (
        pledge.renewal && <p className="small">{t(RENEWAL_KEYS[pledge.renewal])}</p>
      )}
    </div>
  );
}
