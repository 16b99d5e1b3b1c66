import { MINER_PRICE_FIELDS, type TPriceField } from '@aidf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** One setting as GET /ops/v1/config answers it; value null: known but never set (the built-in default applies). */
export interface Setting {
  key: string;
  value: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
  meaning: string | null;
}

/** A price item of the AI miner (GET /ops/v1/machine/items); amounts are decimal strings, '0' unused. */
export type PriceItem = {
  id: string;
  worth: string;
  /** The currency of the worth, sent by the server. */
  worthCurrency: string;
  onSale: boolean;
  updatedBy: string | null;
} & Record<TPriceField, string>; // usdtAmount, bnbAmount, ...: one per currency the miner accepts

/** The columns of a price, in the order the console shows them: the worth, then each currency the miner accepts. */
export const PRICE_FIELDS: readonly ('worth' | TPriceField)[] = ['worth', ...MINER_PRICE_FIELDS];

export type PriceItemChange = Partial<Omit<PriceItem, 'id' | 'updatedBy' | 'worthCurrency'>> & { reason: string };

const settingsKey = ['config', 'settings'] as const;
const itemsKey = ['config', 'machine-items'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api<Setting[]>('/config') });
}

export function usePriceItems() {
  return useQuery({ queryKey: itemsKey, queryFn: () => api<PriceItem[]>('/machine/items') });
}

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { key: string; value: string; reason: string }) =>
      api<{ status: 'applied' | 'proposed'; proposalId?: string; key: string; before: string | null; after: string }>(
        '/config',
        { method: 'POST', body },
      ),
    // A four-eyes setting answers a proposal: the approvals list changes too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useSavePriceItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: PriceItemChange }) =>
      api<PriceItem>(`/machine/items/${encodeURIComponent(id)}`, { method: 'POST', body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey }),
  });
}
