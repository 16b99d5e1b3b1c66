import { buildMerkleSumTree, type InclusionProof, randomSalt, verifyInclusionProof } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { leafAmounts, proofFileName, proofFileText, verdictKey } from './reserves-proof.ts';

const CURRENCIES = ['aidf', 'usdt', 'bnb'];

/** A real three-user tree, as a report builds it, and Amy's proof read off it. */
function amysProof(): InclusionProof {
  const tree = buildMerkleSumTree(CURRENCIES, [
    { userId: 'amy', balances: [2_250_000_000_000_000_000n, 1n, 0n], salt: randomSalt() },
    { userId: 'bob', balances: [5n, 10n ** 18n, 3n], salt: randomSalt() },
    { userId: 'cy', balances: [0n, 0n, 7n], salt: randomSalt() },
  ]);
  return tree.proofOf('amy') as InclusionProof;
}

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
    // Beyond a double's precision: no float ever touches the figure.
    expect(leafAmounts({ currencies: ['cow'], balances: ['123456789012345678901234567'] }, 18)).toEqual([
      { currency: 'cow', amount: '123456789.012345678901234567' },
    ]);
  });

  it('shows no amounts for balances that are not base units', () => {
    expect(leafAmounts({ currencies: ['usdt'], balances: ['-1'] }, 18)).toBeNull();
    expect(leafAmounts({ currencies: ['usdt'], balances: ['1.5'] }, 18)).toBeNull();
    expect(leafAmounts({ currencies: ['usdt', 'cow'], balances: ['1'] }, 18)).toBeNull();
  });

  it('says "Included" for a proof that verifies, and why not for each way one fails', () => {
    const proof = amysProof();
    const cases: [InclusionProof, string][] = [
      [proof, 'reserves.included'],
      // Claimed for someone else: the leaf no longer leads to the root.
      [{ ...proof, userId: 'bob' }, 'reserves.reasonRootHashDiffers'],
      // A published total changed: the path still gives the old sums.
      [
        { ...proof, root: { ...proof.root, sums: ['1', ...proof.root.sums.slice(1)] } },
        'reserves.reasonRootSumsDiffer',
      ],
      [{ ...proof, salt: 'not hex' }, 'reserves.reasonMalformed'],
    ];
    for (const [candidate, key] of cases) {
      expect(verdictKey(verifyInclusionProof(candidate))).toBe(key);
      expect(messageOf(key)).toBeTruthy();
    }
    expect(verdictKey({ ok: false, reason: 'sums-below-balance' })).toBe('reserves.reasonSumsBelowBalance');
    expect(messageOf('reserves.reasonSumsBelowBalance')).toBeTruthy();
  });

  it('downloads the proof itself, which verifies again when read back', () => {
    const proof = amysProof();
    const text = proofFileText(proof);
    expect(verifyInclusionProof(JSON.parse(text) as InclusionProof)).toEqual({ ok: true });
    expect(proofFileName('42')).toBe('proof-of-reserves-42.json');
  });
});
