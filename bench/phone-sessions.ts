import os from 'node:os';
import { buildTransferSignText, HEADERS, MERCHANT_ID, requestSignature } from '@aidf/contract';
import * as hdr from 'hdr-histogram-js';
import { Agent, request } from 'undici';
import type { WorkloadUser } from '../faults/workload/setup.ts';

/** A phone of the bench: a workload user (wallet key, address) with its order awaiting payment. */
export interface Phone {
  user: WorkloadUser;
  orderId: string;
}

interface Step {
  method: 'GET' | 'POST';
  path: string;
  body: string;
  /** Whose session: null before the sign-in answers (the sign-in itself). */
  authenticated: boolean;
}

/**
 * One phone's mixed session as the app runs it: the wallet sign-in, then with the session it answered the assets
 * screen, the bill lines, the order awaiting payment's status, a transfer, the announcements. Everything signed
 * beforehand (the wallet signatures take the generator's CPU, which must go to sending while the clock runs).
 */
export async function signedSession(phone: Phone, to: WorkloadUser, host: string, timestampMs: number) {
  const { user } = phone;
  const login = `Login-${timestampMs}`;
  const amount = `0.${String(timestampMs % 1_000_000).padStart(6, '0')}`;
  const transferText = buildTransferSignText({ host, amount, currency: 'usdt', username: to.username, timestampMs });
  const [loginSign, transferSign] = await Promise.all([user.sign(login), user.sign(transferText)]);
  const steps: Step[] = [
    {
      method: 'POST',
      path: '/v1/sso/dapp/addressLogin',
      body: JSON.stringify({
        currency: 'bnb',
        walletAddress: user.address,
        inviteCode: null,
        sign: loginSign,
        signContent: login,
        timestamp: timestampMs,
      }),
      authenticated: false,
    },
    { method: 'GET', path: `/v1/ma/account/assets/${user.id}`, body: '', authenticated: true },
    { method: 'POST', path: '/v1/ma/account/finance/usdt/p/1-10', body: '{}', authenticated: true },
    { method: 'GET', path: `/v1/cow/home/order/${phone.orderId}`, body: '', authenticated: true },
    {
      method: 'POST',
      path: '/v1/cow/home/transfer',
      body: JSON.stringify({
        amount,
        currency: 'usdt',
        username: to.username,
        sign: transferSign,
        signContent: transferText,
        timestamp: timestampMs,
      }),
      authenticated: true,
    },
    { method: 'POST', path: '/v1/cms/content/p/1-10', body: '{}', authenticated: true },
  ];
  return steps;
}

export type SignedSession = Awaited<ReturnType<typeof signedSession>>;
export const REQUESTS_PER_SESSION = 6;

export interface StepResult {
  /** Sessions started per second (the offered, open-loop rate). */
  offered: number;
  /** Sessions that finished with every answer a 200, per second of the step. */
  completed: number;
  failedSessions: number;
  firstFailure: string | null;
  p50: number;
  p99: number;
  max: number;
  /** p99 of each request of the session, in its order (sign-in, assets, bills, order, transfer, announcements). */
  p99ByRequest: number[];
  /** The machine's 1-minute load average at the step's end: what else was running shows here. */
  load: number;
}

/**
 * Runs `sessions` at `rate` sessions a second, each started on its own schedule whatever the earlier ones are
 * doing (open loop: a slow server makes sessions pile up, as phones do, instead of slowing the offered load as a
 * closed loop would). Each request's latency counts from when it was due, so a late start shows as latency too.
 * Every phone comes from its own address (X-Forwarded-For, which nginx passes and TRUST_PROXY reads), as the
 * sign-in limits count per address.
 */
export async function runStep(url: string, secret: string, sessions: SignedSession[], rate: number) {
  const agent = new Agent({ connections: 512, pipelining: 1 });
  const build = () =>
    hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000, numberOfSignificantValueDigits: 3 });
  const histogram = build();
  const byRequest = Array.from({ length: REQUESTS_PER_SESSION }, build);
  let completed = 0;
  let failedSessions = 0;
  let firstFailure: string | null = null;
  const send = async (step: Step, token: string | null, forwardedFor: string) => {
    const timestamp = String(Date.now());
    const headers: Record<string, string> = {
      [HEADERS.terminal]: 'h5',
      [HEADERS.merchantId]: String(MERCHANT_ID),
      [HEADERS.language]: 'en',
      [HEADERS.timestamp]: timestamp,
      [HEADERS.signature]: requestSignature({ pathWithQuery: step.path, body: step.body, timestamp, secret }),
      'x-forwarded-for': forwardedFor,
      ...(step.body !== '' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { [HEADERS.authorization]: token } : {}),
    };
    // A connection the proxy closed or refused (its connections all taken at a rate past what it holds) fails the
    // session like an error answer does: the step is over budget, and the run goes on to narrow the rate down.
    const response = await request(`${url}${step.path}`, {
      method: step.method,
      headers,
      ...(step.body !== '' ? { body: step.body } : {}),
      dispatcher: agent,
    }).catch((error: Error) => ({ statusCode: 0, error, headers: {} as Record<string, unknown>, body: null }));
    if ('error' in response) {
      return { answered: false, text: `no answer: ${response.error.message}`, status: 0, token: undefined };
    }
    const text = await response.body.text();
    const answered = response.statusCode === 200 && (JSON.parse(text) as { code?: number }).code === 200;
    return { answered, text, status: response.statusCode, token: response.headers.authorization };
  };
  const one = async (session: SignedSession, index: number, due: number) => {
    let token: string | null = null;
    const forwardedFor = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    let since = due;
    for (const [n, step] of session.entries()) {
      const answer = await send(step, step.authenticated ? token : null, forwardedFor);
      const now = performance.now();
      const ms = Math.max(1, Math.round(now - since));
      histogram.recordValue(ms);
      byRequest[n]?.recordValue(ms);
      since = now;
      if (!answer.answered) {
        failedSessions++;
        firstFailure ??= `${step.method} ${step.path}: ${answer.status} ${answer.text.slice(0, 200)}`;
        return;
      }
      if (!step.authenticated) token = String(answer.token);
    }
    completed++;
  };
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < sessions.length; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(one(sessions[i] as SignedSession, i, due));
  }
  await Promise.all(running);
  const seconds = sessions.length / rate;
  await agent.close();
  const result: StepResult = {
    offered: rate,
    completed: completed / seconds,
    failedSessions,
    firstFailure,
    p50: histogram.getValueAtPercentile(50),
    p99: histogram.getValueAtPercentile(99),
    max: histogram.maxValue,
    p99ByRequest: byRequest.map((h) => h.getValueAtPercentile(99)),
    load: os.loadavg()[0] ?? 0,
  };
  histogram.destroy();
  for (const h of byRequest) h.destroy();
  return result;
}
