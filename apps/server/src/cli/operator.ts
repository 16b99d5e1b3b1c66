/**
 * The operator's command, speaking to a running server's operator API (it never opens the database itself:
 * the embedded one allows a single connection, the server's).
 *
 *   npm run operator -- credit <username> <currency> <amount> --reason "..." [--submode 16] [--request-id ID]
 *   npm run operator -- ledger-check
 *   npm run operator -- chain-status
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { DEV_OPERATOR_TOKEN } from '../config.ts';

const baseUrl = process.env.OPERATOR_URL ?? 'http://127.0.0.1:8080';
const token = process.env.OPERATOR_TOKEN ?? DEV_OPERATOR_TOKEN;

async function ops(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-operator': process.env.OPERATOR_NAME ?? userInfo().username,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 200) throw new Error(`${response.status} ${json.code}: ${json.msg}`);
  return json.data;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { reason: { type: 'string' }, submode: { type: 'string' }, 'request-id': { type: 'string' } },
  });
  const [command, ...args] = positionals;
  if (command === 'credit') {
    const [username, currency, amount] = args;
    if (!username || !currency || !amount || !values.reason) {
      throw new Error('usage: npm run operator -- credit <username> <currency> <amount> --reason "..."');
    }
    const data = await ops('POST', '/ops/v1/credit', {
      username,
      currency,
      amount,
      reason: values.reason,
      submode: values.submode ?? '00',
      ...(values['request-id'] ? { requestId: values['request-id'] } : {}),
    });
    console.log(`credited ${amount} ${currency} to ${username}:`, data);
  } else if (command === 'ledger-check') {
    const report = (await ops('GET', '/ops/v1/ledger/check')) as { ok: boolean } & Record<string, unknown[]>;
    for (const [name, rows] of Object.entries(report)) if (Array.isArray(rows) && rows.length) console.log(name, rows);
    console.log(report.ok ? 'ledger OK: balances match their entries, every currency sums to zero' : 'LEDGER DRIFT');
    process.exitCode = report.ok ? 0 : 1;
  } else if (command === 'chain-status') {
    const status = (await ops('GET', '/ops/v1/chain/status')) as {
      watchers: Record<string, string | null>[];
      hotWallet: Record<string, string | null> | null;
      payoutWorker: Record<string, string | null> | null;
      withdrawals: Record<string, number>;
    };
    for (const w of status.watchers) {
      console.log(
        `${w.chain}: last scanned block ${w.lastScannedBlock ?? '-'}, head ${w.head ?? '?'} (lag ${w.lagBlocks ?? '?'}), ` +
          `scanned at ${w.scannedAt ?? 'never'}, RPC errors ${w.rpcErrors}${w.lastError ? `, last: ${w.lastError} at ${w.lastErrorAt}` : ''}`,
      );
    }
    if (status.watchers.length === 0) console.log('no chain configured');
    if (status.hotWallet) {
      const h = status.hotWallet;
      console.log(
        `hot wallet ${h.address}: ${h.error ? `unreadable (${h.error})` : `${h.bnb} BNB, ${h.cow ?? '-'} COW`}`,
      );
    }
    if (status.payoutWorker) {
      const p = status.payoutWorker;
      console.log(
        `payout worker: last good tick ${p.lastOkAt ?? 'never'}, errors ${p.errors}` +
          (p.lastError ? `, last: ${p.lastError} at ${p.lastErrorAt}` : ''),
      );
    }
    console.log('withdrawals by state:', status.withdrawals);
  } else {
    throw new Error('commands: credit, ledger-check, chain-status');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
