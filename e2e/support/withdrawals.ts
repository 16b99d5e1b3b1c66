import { expect, type Locator } from '@playwright/test';
import { operator } from './operator.ts';

/**
 * Waits until a withdrawal of the history (`data-testid="withdrawal"`) shows `status`. A failure says which status it
 * showed instead (or that it was not on screen) and what the operator's chain-status said then (the payout worker's
 * last error, payouts held or waiting for funds): a payout that went another way is told from one that was slow.
 */
export async function expectWithdrawalStatus(
  item: Locator,
  baseURL: string,
  status: string | RegExp,
  { timeout }: { timeout: number },
) {
  try {
    await expect(item).toHaveAttribute('data-status', status, { timeout });
  } catch (error) {
    const shown = await item.getAttribute('data-status', { timeout: 1_000 }).catch(() => null);
    const chain = await operator(baseURL, ['chain-status']).catch((e: unknown) => `(chain-status failed: ${e})`);
    throw new Error(
      `the withdrawal ${shown === null ? 'was not on screen' : `showed '${shown}'`} after ${timeout} ms, not ${String(status)}; ` +
        `the server's chain-status then:\n${chain}\n${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
