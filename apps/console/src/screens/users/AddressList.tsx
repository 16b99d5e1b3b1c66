import type { TUserAddress } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { chainName } from '../../lib/format.ts';

/**
 * A user's addresses, each named for what it is (the sign-in wallet, a bound wallet, the deposit address the
 * platform gave) and on which chain: two "bsc" lines with nothing else would leave support guessing.
 */
export function AddressList({ addresses }: { addresses: TUserAddress[] }) {
  const { t } = useTranslation();
  return (
    <dl className="address-list">
      {addresses.map((a) => (
        <div key={`${a.kind ?? ''}:${a.chain}:${a.address}`} data-testid="user-address" data-kind={a.kind}>
          <dt className="muted">
            {t(`users.addressKinds.${a.kind ?? 'bound'}`, { defaultValue: a.kind ?? '' })} · {chainName(a.chain)}
          </dt>
          <dd className="mono">{a.address}</dd>
        </div>
      ))}
    </dl>
  );
}
