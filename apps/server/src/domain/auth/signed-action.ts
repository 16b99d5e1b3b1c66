import {
  MAX_CLOCK_SKEW_MS,
  parseSignContent,
  signedTextHost,
  type TChainCurrency,
  type TSpecSignAction,
} from '@aidf/contract';
import type { Repositories } from '../../db/repositories/index.ts';
import { AppError } from '../errors.ts';
import { isSignedBy } from './wallet-signature.ts';

export interface WalletSignatureInput {
  sign: string;
  signContent: string;
  timestamp: number;
}

interface Signer {
  currency: TChainCurrency;
  address: string;
}

/** Whether a signed timestamp lies more than 5 minutes from server time, either side (RULES.md "Sign-in and sessions"). */
export function isStaleTimestamp(timestampMs: number, now: Date): boolean {
  return Math.abs(now.getTime() - timestampMs) > MAX_CLOCK_SKEW_MS;
}

function assertFresh(timestampMs: number, now: Date) {
  if (isStaleTimestamp(timestampMs, now)) {
    throw new AppError(1229, 'the signature is more than 5 minutes old');
  }
}

async function assertSignedBy(input: WalletSignatureInput & Signer) {
  if (!(await isSignedBy(input.currency, input.address, input.signContent, input.sign))) {
    throw new AppError(1229, 'the signature does not match the address');
  }
}

/**
 * Checks a wallet signature for one of SPEC.md's actions (RULES.md "Sign-in and sessions"): the text is
 * '{prefix}{ms}' of this action, the timestamp matches and lies within 5 minutes, `address` signed it, and it
 * was never used. Run it inside the transaction of the action, so the claim and the effect commit together.
 */
export async function acceptSignedAction(
  repos: Repositories,
  input: WalletSignatureInput & Signer & { action: TSpecSignAction; now?: Date },
): Promise<void> {
  await checkSignedAction(input);
  if (!(await repos.usedSignatures.claim(input.address, input.signContent))) throw signatureUsedForAction();
}

/** acceptSignedAction's checks but the claim, for an action whose claim its ledger movement makes (postPrepared). */
export async function checkSignedAction(
  input: WalletSignatureInput & Signer & { action: TSpecSignAction; now?: Date },
): Promise<void> {
  const parsed = parseSignContent(input.signContent);
  if (!parsed || parsed.action !== input.action) throw new AppError(1229, 'the signed text is not for this action');
  if (parsed.timestampMs !== input.timestamp) throw new AppError(1229, 'timestamp differs from the signed text');
  assertFresh(parsed.timestampMs, input.now ?? new Date());
  await assertSignedBy(input);
}

/** How an action of SPEC.md's (acceptSignedAction) refuses a signature used before. */
export const signatureUsedForAction = () => new AppError(1229, 'the signature was already used');

export interface SignedRequest extends WalletSignatureInput, Signer {
  /** The hosts the text may name (PUBLIC_HOSTS, or the request's own Host in development). */
  hosts: readonly string[];
  /** The readable text of this request for a host, from the contract's builders (sign-messages.ts). */
  textFor: (host: string) => string;
  /** Whether the same request may come again and answer its first result (transfer, withdrawal). */
  replayable: boolean;
}

/**
 * The first step for our own descriptive texts: `address` signed `signContent`, and that
 * text is exactly the one this request's body and an accepted host give, so a signature made for one amount,
 * recipient, address or site moves nothing else. A signature already used with this very text is a replay of
 * the same request (`replay: true`; refused with 409 when the action is not replayable); used with another
 * text it is refused with 409, never answered with the first result. Cheap: run it before any slow work.
 */
export async function checkSignedRequest(repos: Repositories, request: SignedRequest): Promise<{ replay: boolean }> {
  await assertSignedBy(request);
  return checkSignedText(request, await repos.usedSignatures.isUsed(request.address, request.signContent));
}

/**
 * checkSignedRequest for a caller that read whether the signature was used (`used`) in a read of its own (the
 * transfer reads it with the session): the same checks, in the same order, with the same answers.
 */
export async function checkSignedRequestRead(request: SignedRequest, used: boolean): Promise<{ replay: boolean }> {
  await assertSignedBy(request);
  return checkSignedText(request, used);
}

function checkSignedText(request: SignedRequest, used: boolean): { replay: boolean } {
  if (!request.hosts.some((host) => request.textFor(host) === request.signContent)) {
    if (used) throw new AppError(1232);
    const named = signedTextHost(request.signContent);
    if (named === null) throw new AppError(1231, 'sign the readable text of this request, not an opaque one');
    if (!request.hosts.includes(named)) throw new AppError(1233, `the text names ${named}`);
    throw new AppError(1231, 'the signed amount, currency, recipient, address or time differs from the request');
  }
  if (used && !request.replayable) throw new AppError(1232, 'this action is done once per signature: sign again');
  return { replay: used };
}

/**
 * The second step, inside the transaction of the effect: the signature is fresh (5 minutes) and is claimed
 * with it. Losing the claim to a concurrent request is a 409 like any other reuse.
 */
export async function claimSignedRequest(
  repos: Repositories,
  request: WalletSignatureInput & Signer & { now?: Date | undefined },
): Promise<void> {
  assertFresh(request.timestamp, request.now ?? new Date());
  if (!(await repos.usedSignatures.claim(request.address, request.signContent))) throw new AppError(1232);
}
