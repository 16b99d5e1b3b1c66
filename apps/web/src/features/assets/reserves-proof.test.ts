import {
  buildMerkleSumTree,
  type ChainRpc,
  encodeRootPublication,
  forgedPairUnderOneRoot,
  type InclusionProof,
  type ReservesProofFile,
  randomSalt,
  shareLeaves,
  verifyInclusionProof,
} from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import {
  type ChainState,
  chainReader,
  checkAnswerOnChain,
  leafAmounts,
  type ProofAnswer,
  proofFileName,
  proofFileText,
  verdictOf,
} from './reserves-proof.ts';

const CURRENCIES = ['aidf', 'usdt', 'bnb'];
const HOT = '0x00000000000000000000000000000000000000a1';
const TX = `0x${'ab'.repeat(32)}`;

/** A real three-user tree, as a report builds it, and Amy's proof read off it. */
function amysProof(): InclusionProof {
  const tree = buildMerkleSumTree(CURRENCIES, [
    ...shareLeaves('amy', [2_250_000_000_000_000_000n, 1n, 0n], [randomSalt(), randomSalt()]),
    ...shareLeaves('bob', [5n, 10n ** 18n, 3n], [randomSalt(), randomSalt()]),
    ...shareLeaves('cy', [0n, 0n, 7n], [randomSalt(), randomSalt()]),
  ]);
  return tree.proofOf('amy') as InclusionProof;
}

function answerOf(proof: InclusionProof, txHash: string | null = TX): ProofAnswer {
  return {
    reportId: '9',
    createdAt: 1_700_000_000_000,
    baseUnitDecimals: 18,
    proof,
    coverage: null,
    readAt: [],
    publication: {
      status: txHash ? 'published' : 'pending',
      chain: 'bsc',
      chainId: 56,
      from: HOT,
      txHash,
      blockNumber: txHash ? '77' : null,
      explorerUrl: null,
      rpcUrl: null,
    },
  };
}

/** A node of the chain (the wallet's or a public one): the transactions it holds, by hash. */
function nodeWith(txs: Record<string, unknown>, chainId = '0x38'): ChainRpc {
  return async (method, params) => {
    if (method === 'eth_chainId') return chainId;
    if (method === 'eth_getTransactionByHash') return txs[params[0] as string] ?? null;
    throw new Error(`unexpected ${method}`);
  };
}
const publishedTx = (answer: ProofAnswer, root = answer.proof.root) => ({
  hash: TX,
  from: HOT,
  to: HOT,
  blockNumber: '0x4d',
  input: encodeRootPublication({ reportId: answer.reportId, currencies: answer.proof.currencies, root }),
});

const messageOf = (key: string) => en.reserves[key.replace('reserves.', '') as keyof typeof en.reserves];

describe('the proof of reserves check (pure parts)', () => {
  it('turns base units into amounts exactly, to the last base unit, per currency of the report', () => {
    expect(leafAmounts(amysProof(), 18)).toEqual([
      { currency: 'aidf', amount: '2.25' },
      { currency: 'usdt', amount: '0.000000000000000001' },
      { currency: 'bnb', amount: '0' },
    ]);
    expect(leafAmounts({ currencies: ['usdt'], balances: ['1500000'] }, 6)).toEqual([
      { currency: 'usdt', amount: '1.5' },
    ]);
    expect(leafAmounts({ currencies: ['cow'], balances: ['123456789012345678901234567'] }, 18)).toEqual([
      { currency: 'cow', amount: '123456789.012345678901234567' },
    ]);
    expect(leafAmounts({ currencies: ['usdt'], balances: ['-1'] }, 18)).toBeNull();
    expect(leafAmounts({ currencies: ['usdt', 'cow'], balances: ['1'] }, 18)).toBeNull();
  });

  it('refuses the forged pair of two users of 100 under a root of 100; a genuine proof verifies', () => {
    const { proofs } = forgedPairUnderOneRoot();
    const shown = proofs.map((p) =>
      verdictOf(verifyInclusionProof(p), { status: 'matches', blockNumber: '1', from: HOT }),
    );
    // Even with its root "published", one of the two is refused in red: never both green.
    expect(shown.some((s) => s.tone === 'error')).toBe(true);
    expect(shown[1]).toEqual({ key: 'reserves.reasonRootHashDiffers', tone: 'error' });
    expect(verifyInclusionProof(amysProof())).toEqual({ ok: true });
  });

  it('shows green only for a proof that holds against the root the chain published', async () => {
    const answer = answerOf(amysProof());
    const ok = { ok: true } as const;
    const stateFrom = (txs: Record<string, unknown>, chainId?: string) =>
      checkAnswerOnChain(answer, nodeWith(txs, chainId));
    const cases: [ChainState, string, string][] = [
      [await stateFrom({ [TX]: publishedTx(answer) }), 'reserves.includedOnChain', 'ok'],
      [
        await stateFrom({ [TX]: publishedTx(answer, { ...answer.proof.root, hash: 'cd'.repeat(32) }) }),
        'reserves.publishedDiffers',
        'error',
      ],
      [
        await stateFrom({ [TX]: { ...publishedTx(answer), from: `0x${'b2'.repeat(20)}` } }),
        'reserves.publishedDiffers',
        'error',
      ],
      [await stateFrom({}), 'reserves.publicationMissing', 'error'],
      [
        await stateFrom({ [TX]: { ...publishedTx(answer), blockNumber: null } }),
        'reserves.includedUnpublished',
        'warn',
      ],
      [await stateFrom({ [TX]: publishedTx(answer) }, '0x1'), 'reserves.chainUnreachable', 'warn'],
      [await checkAnswerOnChain(answerOf(amysProof(), null), nodeWith({})), 'reserves.includedUnpublished', 'warn'],
      [
        await checkAnswerOnChain(answer, async () => {
          throw new Error('offline');
        }),
        'reserves.chainUnreachable',
        'warn',
      ],
      [{ status: 'checking' }, 'reserves.checkingChain', 'busy'],
    ];
    for (const [state, key, tone] of cases) {
      expect(verdictOf(ok, state), `${state.status}`).toEqual({ key, tone });
      expect(messageOf(key)).toBeTruthy();
    }
    for (const reason of ['malformed', 'root-sums-differ', 'sums-below-balance', 'shares-differ'] as const) {
      const shown = verdictOf({ ok: false, reason }, { status: 'matches', blockNumber: '1', from: HOT });
      expect(shown.tone).toBe('error');
      expect(messageOf(shown.key)).toBeTruthy();
    }
  });

  it("reads the chain through the user's wallet on BNB Smart Chain, else through the public node", async () => {
    const answer = answerOf(amysProof());
    const calls: string[] = [];
    const wallet = {
      request: async ({ method }: { method: string }) => {
        calls.push(method);
        return method === 'eth_chainId' ? '0x38' : null;
      },
    };
    expect((await chainReader(answer, wallet)).via).toBe('wallet');
    const elsewhere = { request: async () => '0x1' };
    expect(await chainReader(answer, elsewhere)).toMatchObject({ via: 'public', host: 'bsc-dataseed.bnbchain.org' });
    const dev = { ...answer, publication: { ...answer.publication, rpcUrl: 'http://127.0.0.1:8545' } };
    expect(await chainReader(dev, null)).toMatchObject({ via: 'public', host: '127.0.0.1:8545' });
  });

  it('downloads the proof with its report and publication, which verifies again when read back', () => {
    const answer = answerOf(amysProof());
    const file = JSON.parse(proofFileText(answer)) as ReservesProofFile;
    expect(verifyInclusionProof(file.proof)).toEqual({ ok: true });
    expect(file).toMatchObject({ format: 'aidf-proof-of-reserves', reportId: '9', publication: { txHash: TX } });
    expect(proofFileName('42')).toBe('proof-of-reserves-42.json');
  });
});
