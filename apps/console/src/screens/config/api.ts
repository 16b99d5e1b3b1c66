import { MINER_PRICE_FIELDS, OPS, type TOpsPriceItemChange, type TPriceField } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The columns of a price, in the order the console shows them: the worth, then each currency the miner accepts. */
export const PRICE_FIELDS: readonly ('worth' | TPriceField)[] = ['worth', ...MINER_PRICE_FIELDS];

const settingsKey = ['config', 'settings'] as const;
const itemsKey = ['config', 'machine-items'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => call(OPS.settings, {}) });
}

export function usePriceItems() {
  return useQuery({ queryKey: itemsKey, queryFn: () => call(OPS.priceItems, {}) });
}

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { key: string; value: string; reason: string }) => call(OPS.setSetting, { body }),
    // A four-eyes setting answers a proposal: the approvals list changes too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useSavePriceItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: TOpsPriceItemChange }) =>
      call(OPS.savePriceItem, { params: { id }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey }),
  });
}
