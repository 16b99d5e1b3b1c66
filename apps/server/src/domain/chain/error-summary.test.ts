import { InvalidInputRpcError, RpcRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { errorSummary } from './error-summary.ts';

describe('errorSummary', () => {
  it("gives a viem error's generic message with the node's own words, on one line", () => {
    const nodeSaid = "Sender doesn't have enough funds to send tx. The max upfront cost is: 500 and the balance is: 0.";
    const error = new InvalidInputRpcError(
      new RpcRequestError({
        body: { method: 'eth_sendRawTransaction' },
        error: { code: -32000, message: nodeSaid },
        url: 'http://127.0.0.1:1',
      }),
    );
    expect(error.message.split('\n').length).toBeGreaterThan(3);
    expect(errorSummary(error)).toBe(`Missing or invalid parameters. ${nodeSaid}`);
  });

  it('keeps the first line of other errors, and says something for a thrown non-error', () => {
    expect(errorSummary(new Error('fetch failed\n    at somewhere'))).toBe('fetch failed');
    expect(errorSummary('socket hang up')).toBe('socket hang up');
  });
});
