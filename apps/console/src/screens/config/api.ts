import {
  MINER_PRICE_FIELDS,
  OPS,
  type TOpsPriceItem,
  type TOpsPriceItemChange,
  type TPriceField,
  type TSetting,
} from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** One setting; value null: known but never set (the built-in default applies). */
export type Setting = TSetting;
/** A price item of the AI miner; amounts are decimal strings, '0' unused. */
export type PriceItem = TOpsPriceItem;

/** The columns of a price, in the order the console shows them: the worth, then each currency the miner accepts. */
export const PRICE_FIELDS: readonly ('worth' | TPriceField)[] = ['worth', ...MINER_PRICE_FIELDS];

export type PriceItemChange = TOpsPriceItemChange;

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
    mutationFn: ({ id, change }: { id: string; change: PriceItemChange }) =>
      call(OPS.savePriceItem, { params: { id }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey }),
  });
}
