import { CHAINS, fromBaseUnits, Money, moneyString, parsePositiveAmount } from '@aidf/contract';
import { createSolanaRpc, type Signature } from '@solana/kit';
import { erc20Abi, getAddress, type Hex, parseEventLogs, TransactionReceiptNotFoundError } from 'viem';
import type { ChainServices } from '../../chain/chain-services.ts';
import { SOL_TOKEN } from '../../chain/chain-services.ts';
import { transfersOf } from '../../chain/solana/solana-deposit-source.ts';
import type { ChainTransferKey } from '../../db/repositories/chain-credits.ts';
import type { Repositories } from '../../db/repositories/index.ts';
import { creditOnce } from '../chain/chain-credit.ts';
import { AppError } from '../errors.ts';
import { INVEST_SETTINGS } from '../invest/invest-config.ts';
import { PLATFORM, platformAccount } from '../ledger/platform-accounts.ts';
import { postPrepared, prepareMovement } from '../ledger/post-movement.ts';
import { MACHINE_SETTINGS } from '../machine/machine-config.ts';
import type { OperatorActor } from '../operator/roles.ts';
import { TREASURY_CURRENCIES, TREASURY_SETTINGS, type TreasuryChain } from './treasury-settings.ts';

/**
 * The platform's own money put on a chain (docs/operator-guide.md "Treasury funding"): the hot wallet's gas BNB or
 * SOL, a float of COW for payouts. Until it is booked the chain holds more than its clearing account says, and the
 * reserves report shows a clearing mismatch. An operator names the transaction; it is checked on chain (a
 * successful, confirmed transfer of exactly that amount of that currency to the platform's hot wallet) and booked
 * once per transaction as a treasury-funding movement: the chain's clearing account debited (the chain should hold
 * that much more), the treasury capital account credited. Nothing is booked when the check fails, nor for a
 * transfer from one of the platform's own addresses: that money was already counted (81070).
 */
export interface FundingRequest {
  chain: TreasuryChain;
  currency: string;
  amount: string;
  txHash: string;
  reason: string;
}

/**
 * What the check found on chain: the amount that reached the hot wallet in the transaction from outside the
 * platform, in whole units, and the platform address that sent it when the transaction was an internal move.
 */
type Found = { received: Money; internalFrom?: string; transfers: Transfer[] } | { refused: string };

/** One arrival from outside: the chain transfer it is (chain_credits' key, with the chain's genesis hash). */
type Transfer = Omit<ChainTransferKey, 'chain'>;

/** An arrival at the hot wallet: who sent it, how much, and its event in the transaction (chain_credits' index). */
interface Arrival {
  from: string;
  amount: Money;
  eventIndex: string;
}

/**
 * Whether `address` is one of the platform's own on `chain` (RULES.md "Treasury": hot, cold, deposit, collection,
 * invest, and every address the treasury has signed from): money it sends to the hot wallet is a move within the
 * platform's holdings, which the clearing account already counts, never new money.
 */
async function isPlatformAddress(chains: ChainServices, repos: Repositories, chain: TreasuryChain, address: string) {
  const hot = chains[chain]?.hotWalletAddress ?? null;
  const settings = await repos.settings.get([
    TREASURY_SETTINGS.coldAddress(chain),
    MACHINE_SETTINGS.collectionAddress(chain),
    ...(chain === 'bsc' ? [INVEST_SETTINGS.contract('bsc')] : []),
  ]);
  const own = [hot, ...settings.values(), ...(await repos.chain.treasurySigners(chain))].filter(
    (a): a is string => typeof a === 'string' && a !== '',
  );
  const same = (a: string) => (chain === 'bsc' ? a.toLowerCase() === address.toLowerCase() : a === address);
  if (own.some(same)) return true;
  return chain === 'bsc'
    ? repos.depositAddresses.isPlatformAddress(address as `0x${string}`)
    : repos.depositAddresses.isSolanaPlatformAddress(address);
}

/** Splits what reached the hot wallet into what came from outside and the first platform address that sent some. */
async function splitBySender(
  chains: ChainServices,
  repos: Repositories,
  chain: TreasuryChain,
  at: { genesisHash: string; txHash: string },
  arrivals: Arrival[],
): Promise<Found> {
  let received = new Money(0);
  let internalFrom: string | undefined;
  const transfers: Transfer[] = [];
  for (const arrival of arrivals) {
    if (await isPlatformAddress(chains, repos, chain, arrival.from)) {
      internalFrom ??= chain === 'bsc' ? getAddress(arrival.from) : arrival.from;
    } else {
      received = received.plus(arrival.amount);
      transfers.push({ ...at, eventIndex: arrival.eventIndex });
    }
  }
  return internalFrom === undefined ? { received, transfers } : { received, internalFrom, transfers };
}

async function receivedOnBsc(chains: ChainServices, repos: Repositories, r: FundingRequest): Promise<Found> {
  const bsc = chains.bsc;
  if (!bsc?.hotWalletAddress) return { refused: 'BNB Smart Chain or its hot wallet is not configured here' };
  if (!/^0x[0-9a-fA-F]{64}$/.test(r.txHash)) return { refused: 'not a BNB Smart Chain transaction hash' };
  const hash = r.txHash as Hex;
  const hot = bsc.hotWalletAddress.toLowerCase();
  const [receipt, head, genesis] = await Promise.all([
    bsc.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      // Only "not mined" is an answer; any other failure is the RPC's, and says nothing of the transaction.
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }),
    bsc.client.getBlockNumber({ cacheTime: 0 }),
    bsc.client.getBlock({ blockNumber: 0n }),
  ]);
  const at = { genesisHash: genesis.hash, txHash: hash.toLowerCase() };
  if (!receipt) return { refused: 'no such mined transaction' };
  if (receipt.status !== 'success') return { refused: 'the transaction reverted' };
  if (head - receipt.blockNumber + 1n < BigInt(bsc.confirmations))
    return { refused: `not confirmed yet (${bsc.confirmations} blocks needed)` };
  if (r.currency === CHAINS.bsc.currency) {
    const tx = await bsc.client.getTransaction({ hash });
    const received = tx.to?.toLowerCase() === hot ? tx.value : 0n;
    const amount = new Money(fromBaseUnits(received, CHAINS.bsc.nativeDecimals));
    // One native transfer per transaction, keyed 'native' as the watchers key it.
    const arrivals = received > 0n ? [{ from: tx.from, amount, eventIndex: 'native' }] : [];
    return splitBySender(chains, repos, 'bsc', at, arrivals);
  }
  const token = (await repos.tokenConfigs.all()).find(
    (t) => t.chainCurrency === CHAINS.bsc.currency && t.currency === r.currency && t.contractAddress,
  );
  if (!token?.contractAddress) return { refused: `no ${r.currency} contract configured on BNB Smart Chain` };
  const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: 'Transfer' }).filter(
    (log) => log.address.toLowerCase() === token.contractAddress?.toLowerCase() && log.args.to.toLowerCase() === hot,
  );
  return splitBySender(
    chains,
    repos,
    'bsc',
    at,
    transfers.map((log) => ({
      from: log.args.from,
      amount: new Money(fromBaseUnits(log.args.value, token.decimals)),
      eventIndex: String(log.logIndex),
    })),
  );
}

async function receivedOnSolana(chains: ChainServices, repos: Repositories, r: FundingRequest): Promise<Found> {
  const solana = chains.solana;
  if (!solana?.hotWalletAddress) return { refused: 'Solana or its hot wallet is not configured here' };
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(r.txHash)) return { refused: 'not a Solana transaction signature' };
  const rpc = createSolanaRpc(solana.rpcUrl);
  const genesisHash = await rpc.getGenesisHash().send();
  const tx = await rpc
    .getTransaction(r.txHash as Signature, {
      commitment: 'finalized',
      encoding: 'json',
      maxSupportedTransactionVersion: 0,
    })
    .send();
  if (!tx?.meta) return { refused: 'no such finalized transaction' };
  if (tx.meta.err !== null) return { refused: 'the transaction failed' };
  const mints = new Map(
    (await repos.tokenConfigs.all())
      .filter((t) => t.chainCurrency === CHAINS.solana.currency && t.contractAddress)
      .map((t) => [
        t.contractAddress as string,
        { currency: t.currency, contract: t.contractAddress, decimals: t.decimals },
      ]),
  );
  const arrivals = transfersOf(tx, SOL_TOKEN, mints)
    .filter((t) => t.to === solana.hotWalletAddress && t.currency === r.currency)
    .map((t) => ({ from: t.from ?? '', amount: new Money(t.amount), eventIndex: t.eventIndex }));
  return splitBySender(chains, repos, 'solana', { genesisHash, txHash: r.txHash }, arrivals);
}

/**
 * Reads the chain for the check. An RPC that errors, times out or answers 429 is no answer about the transaction:
 * 81064 (503, try again), nothing booked, rather than a refusal of the transaction or a 500.
 */
async function readChain(r: FundingRequest, read: () => Promise<Found>): Promise<Found> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const summary = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200);
    throw new AppError(81064, `${r.chain}: the chain could not be read (${summary}); nothing was booked, try again`);
  }
}

/** Checks the transaction on chain and books it once; a second call with the same transaction books nothing. */
export async function recordTreasuryFunding(
  repos: Repositories,
  chains: ChainServices,
  actor: OperatorActor,
  r: FundingRequest,
) {
  if (!TREASURY_CURRENCIES[r.chain].includes(r.currency))
    throw new AppError(1225, `${r.currency} is not held by the treasury on ${r.chain}`);
  const amount = parsePositiveAmount(r.amount);
  if (!amount) throw new AppError(1225, 'the amount must be above zero, with at most 18 decimals');
  const found = await readChain(r, () =>
    r.chain === 'bsc' ? receivedOnBsc(chains, repos, r) : receivedOnSolana(chains, repos, r),
  );
  if ('refused' in found) throw new AppError(81063, `${r.txHash}: ${found.refused}`);
  if (found.internalFrom !== undefined && found.received.isZero())
    throw new AppError(81070, `${r.txHash}: sent from ${found.internalFrom}, one of the platform's own addresses`);
  if (!found.received.equals(amount))
    throw new AppError(
      81063,
      `${r.txHash}: it brought ${moneyString(found.received)} ${r.currency} to the hot wallet, not ${moneyString(amount)}`,
    );
  const ref = r.chain === 'bsc' ? r.txHash.toLowerCase() : r.txHash;
  const [first, ...rest] = found.transfers.map((t) => ({ chain: r.chain, ...t }));
  if (!first) throw new AppError(81063, `${r.txHash}: nothing reached the hot wallet from outside the platform`);
  return repos.transaction(async (tx) => {
    // Each transfer of the funding is one chain credit (RULES.md "Treasury"): a transfer a watcher credited already
    // (a miner payment to the hot wallet, say) is not new money again, and the database keeps it so.
    const credit = await creditOnce(tx, first, 'treasury-funding', async (inner) => {
      const movement = await prepareMovement(inner, {
        type: 'treasury-funding',
        idemKey: `treasury-funding:${r.chain}:${ref}`,
        ref,
        lines: [
          { account: platformAccount(PLATFORM.chain(r.chain), r.currency), amount: amount.neg() },
          { account: platformAccount(PLATFORM.treasuryCapital, r.currency), amount },
        ],
      });
      const posted = await postPrepared(inner, movement);
      for (const key of rest) {
        if (await inner.chainCredits.claim(key, 'treasury-funding', posted.movementId)) continue;
        const taken = await inner.chainCredits.of(key);
        if (taken?.kind !== 'treasury-funding') throw alreadyCredited(r.txHash, taken?.kind ?? 'another credit');
      }
      return posted;
    });
    if (credit.outcome === 'taken') throw alreadyCredited(r.txHash, credit.by);
    const posted = credit.result;
    if (!posted.replayed) {
      await tx.operatorActions.record({
        actor,
        action: 'treasury-funding',
        target: `${r.chain}:${ref}`,
        after: { chain: r.chain, currency: r.currency, amount: moneyString(amount) },
        reason: r.reason,
        movementId: posted.movementId,
      });
    }
    return {
      movementId: posted.movementId.toString(),
      replayed: posted.replayed,
      chain: r.chain,
      currency: r.currency,
      amount: moneyString(amount),
      txHash: ref,
    };
  });
}

const alreadyCredited = (txHash: string, kind: string) => new AppError(81071, `${txHash}: already credited as ${kind}`);
