import { compareAmounts, type TOrder, type TPriceItem } from '@aidf/contract';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { percentText } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { BuyDialog } from './BuyDialog.tsx';
import { MachineDetailDialog } from './MachineDetailDialog.tsx';
import { MachineList } from './MachineList.tsx';
import { useMachineIndex } from './machine-api.ts';
import { PriceItems } from './PriceItems.tsx';
import { VisitorShop } from './VisitorShop.tsx';
import './machine.css';

type Open =
  | { kind: 'detail'; item: TPriceItem }
  | { kind: 'buy'; item: TPriceItem }
  | { kind: 'resume'; order: TOrder };

/** The Miner tab (/machine): price items by worth, an open order to resume, and the user's machines. */
export default function MachineScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const index = useMachineIndex();
  const [open, setOpen] = useState<Open | null>(null);

  if (!session.isLogin) return <VisitorShop />;
  if (index.isPending) return <Skeleton />;
  if (!index.data) {
    return (
      <EmptyState title={t('errors.500')} text="">
        <button type="button" className="button" onClick={() => index.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  }
  const data = index.data;
  // The server decides; these say why buying is refused before the user tries (81024, 8770, 81029).
  const blockedFor = (item: TPriceItem): string | null => {
    if (data.openOrder) return t('errors.81029');
    if (data.hasRunningMachine) return t('errors.81024');
    if (compareAmounts(item.worth, data.highestWorth) < 0) return t('errors.8770');
    return null;
  };
  const anyBlock = data.openOrder ? t('errors.81029') : data.hasRunningMachine ? t('errors.81024') : null;

  return (
    <div className="stack">
      <section className="stack-sm">
        <h2 className="section-title">{t('machine.shop')}</h2>
        <p className="small muted">
          {t('machine.shopText', { rate: percentText(data.dailyRate), cap: data.capMultiple })}
        </p>
        {data.openOrder && (
          <div className="notice row-between" data-testid="open-order">
            <span className="small">{t('machine.openOrder', { orderNo: data.openOrder.orderNo })}</span>
            <button
              type="button"
              className="button button-small"
              onClick={() => data.openOrder && setOpen({ kind: 'resume', order: data.openOrder })}
              data-testid="resume-order"
            >
              {t('machine.resume')}
            </button>
          </div>
        )}
        {!data.openOrder && anyBlock && <p className="notice small">{anyBlock}</p>}
        <PriceItems
          items={data.aiMinningPriceItems}
          blockedFor={blockedFor}
          onDetail={(item) => setOpen({ kind: 'detail', item })}
          onBuy={(item) => setOpen({ kind: 'buy', item })}
        />
      </section>
      <MachineList />
      {open?.kind === 'detail' && (
        <MachineDetailDialog
          item={open.item}
          buyBlocked={blockedFor(open.item)}
          onClose={() => setOpen(null)}
          onBuy={() => setOpen({ kind: 'buy', item: open.item })}
        />
      )}
      {open?.kind === 'buy' && <BuyDialog item={open.item} onClose={() => setOpen(null)} />}
      {open?.kind === 'resume' && <BuyDialog resume={open.order} onClose={() => setOpen(null)} />}
    </div>
  );
}
