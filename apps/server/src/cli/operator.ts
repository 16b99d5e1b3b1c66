/**
 * The operator's command, speaking to a running server's operator API (it never opens the database itself:
 * the embedded one allows a single connection, the server's).
 *
 *   npm run operator -- credit <username> <currency> <amount> --reason "..." [--submode 16] [--request-id ID]
 *   npm run operator -- ledger-check
 *   npm run operator -- chain-status
 *   npm run operator -- payout-retry <withdrawal id> --reason "..."
 *   npm run operator -- payout-refund <withdrawal id> --reason "..."
 *   npm run operator -- run-job pledge-settlement --date YYYY-MM-DD [--through YYYY-MM-DD]
 *   npm run operator -- run-tick <name>
 *   npm run operator -- machine-items
 *   npm run operator -- machine-item [<id>] --worth W [--bnb B] [--sol S] [--usdt U] [--eoeo E] [--on|--off] --reason "..."
 *   npm run operator -- third-party-payments
 *   npm run operator -- tickets
 *   npm run operator -- reply <ticketId> "text"
 *   npm run operator -- config
 *   npm run operator -- set-config pledge.rate.90 6.5 --reason "..."
 *   npm run operator -- add-operator <name> --role support|finance|admin [--reason "..."]
 *   npm run operator -- set-role <name> support|finance|admin --reason "..."
 *   npm run operator -- disable-operator <name> --reason "..."
 *   npm run operator -- proposals [--status proposed|applied|withdrawn|expired|all]
 *   npm run operator -- approve <proposalId>
 *   npm run operator -- withdraw <proposalId> --reason "..."
 *   npm run operator -- reserves-verify <proof.json> [--rpc <url>]   (a user's proof of reserves; its root on chain through --rpc or BSC_RPC_URL)
 *   npm run operator -- reserves-report [--reason "..."]  (runs a reserves report now and prints its summary)
 *   npm run operator -- treasury-status                    (per chain and currency: hot, cold, not yet swept, ratio)
 *   npm run operator -- sweep-now [bsc|solana] [--reason "..."]
 *   npm run operator -- treasury-fund <bsc|solana> <currency> <amount> <txHash> --reason "..."   (the platform's own money on a chain)
 *   npm run operator -- sweep-retry <sweep id> --reason "..."
 *   npm run operator -- sweep-skip <sweep id> --reason "..."
 *
 * Amounts print as the app shows them, rounded down to 4 decimals ("99.9999"); --exact prints them to the last digit.
 *
 * OPERATOR_URL is the server (default http://127.0.0.1:8080). OPERATOR_TOKEN acts as the admin operator `cli`; OPERATOR_NAME (default: the login name) is recorded
 * beside it in the audit as the person who ran the command, unverified.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import {
  buildPath,
  MINER_CURRENCY_CODES,
  OPS,
  type OpsEndpointDef,
  priceField,
  type TMinerCurrency,
} from '@aidf/contract';
import { DEV_OPERATOR_TOKEN } from '../config.ts';
import { amountShower } from './cli-amounts.ts';
import { DEFAULT_OPERATOR_URL, opsCall } from './operator-client.ts';
import { verifyProofFile } from './reserves-verify.ts';
import { treasuryCommand } from './treasury-commands.ts';

const client = {
  baseUrl: process.env.OPERATOR_URL ?? DEFAULT_OPERATOR_URL,
  token: process.env.OPERATOR_TOKEN ?? DEV_OPERATOR_TOKEN,
  operatorName: process.env.OPERATOR_NAME ?? userInfo().username,
};

function ops<E extends OpsEndpointDef>(endpoint: E, input: Parameters<typeof opsCall<E>>[2] = {}) {
  return opsCall(client, endpoint, input);
}

/** Shown this once: the operator signs in with it and adds the URI to an authenticator app. */
function printCredentials(data: { username: string; role: string; password: string; otpauthUri: string }) {
  console.log(`operator ${data.username} (${data.role})`);
  console.log(`password: ${data.password}`);
  console.log(data.otpauthUri);
}

/** The UTC days from `first` to `last`, both included ('YYYY-MM-DD'). */
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  if (days.length === 0) throw new Error(`no day from ${first} through ${last}`);
  return days;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      submode: { type: 'string' },
      'request-id': { type: 'string' },
      date: { type: 'string' },
      through: { type: 'string' },
      worth: { type: 'string' },
      // --usdt, --bnb, ...: the price in each currency the miner accepts.
      ...(Object.fromEntries(MINER_CURRENCY_CODES.map((c) => [c, { type: 'string' }])) as Record<
        TMinerCurrency,
        { type: 'string' }
      >),
      on: { type: 'boolean' },
      off: { type: 'boolean' },
      role: { type: 'string' },
      status: { type: 'string' },
      rpc: { type: 'string' },
      // Amounts to the last digit instead of rounded to the display decimals.
      exact: { type: 'boolean' },
    },
  });
  const show = amountShower(values.exact ?? false);
  const [command, ...args] = positionals;
  if (command && (await treasuryCommand(ops, command, args, { reason: values.reason, exact: values.exact ?? false })))
    return;
  if (command === 'reserves-verify') {
    const [file] = args;
    if (!file) throw new Error('usage: npm run operator -- reserves-verify <proof.json> [--rpc <url>]');
    const { code, lines } = await verifyProofFile(file, { rpcUrl: values.rpc ?? process.env.BSC_RPC_URL ?? null });
    for (const line of lines) console.log(line);
    process.exitCode = code;
  } else if (command === 'credit') {
    const [username, currency, amount] = args;
    if (!username || !currency || !amount || !values.reason) {
      throw new Error('usage: npm run operator -- credit <username> <currency> <amount> --reason "..."');
    }
    const data = await ops(OPS.credit, {
      body: {
        username,
        currency,
        amount,
        reason: values.reason,
        submode: values.submode ?? '00',
        ...(values['request-id'] ? { requestId: values['request-id'] } : {}),
      },
    });
    if (data.status === 'proposed') {
      console.log(
        `proposed ${amount} ${currency} to ${username}: a second operator approves proposal ${data.proposalId}`,
      );
    } else console.log(`credited ${amount} ${currency} to ${username}:`, data);
  } else if (command === 'add-operator') {
    const [username] = args;
    if (!username || !values.role) {
      throw new Error('usage: npm run operator -- add-operator <name> --role support|finance|admin');
    }
    const body = { username, role: values.role, ...(values.reason ? { reason: values.reason } : {}) };
    const data = await ops(OPS.addOperator, { body });
    if (data.status === 'proposed') {
      console.log(`proposed operator ${username} (${values.role}): another admin approves proposal ${data.proposalId}`);
    } else printCredentials(data);
  } else if (command === 'set-role') {
    const [username, role] = args;
    if (!username || !role || !values.reason) {
      throw new Error('usage: npm run operator -- set-role <name> support|finance|admin --reason "..."');
    }
    const data = await ops(OPS.setOperatorRole, { params: { username }, body: { role, reason: values.reason } });
    console.log(`proposed ${username} -> ${role}: another admin approves proposal ${data.proposalId}`);
  } else if (command === 'disable-operator') {
    const [username] = args;
    if (!username || !values.reason) {
      throw new Error('usage: npm run operator -- disable-operator <name> --reason "..."');
    }
    const data = await ops(OPS.disableOperator, { params: { username }, body: { reason: values.reason } });
    console.log(
      data.status === 'proposed'
        ? `proposed disabling ${username} (fewer than two admins would be left): another admin approves proposal ${data.proposalId}`
        : `operator ${username} disabled, sessions ended; proposals withdrawn: ${data.withdrawnProposals.join(', ') || 'none'}`,
    );
  } else if (command === 'proposals') {
    console.table(await ops(OPS.proposals, { query: { status: values.status ?? 'proposed' } }));
  } else if (command === 'approve') {
    const [proposalId] = args;
    if (!proposalId) throw new Error('usage: npm run operator -- approve <proposalId>');
    const data = await ops(OPS.approveProposal, { params: { proposalId } });
    // An approved new operator: its credentials are this answer's, once.
    const { username, role, password, otpauthUri } = data;
    if (username && role && password && otpauthUri) printCredentials({ username, role, password, otpauthUri });
    else console.log(`proposal ${proposalId}:`, data);
  } else if (command === 'withdraw') {
    const [proposalId] = args;
    if (!proposalId || !values.reason)
      throw new Error('usage: npm run operator -- withdraw <proposalId> --reason "..."');
    console.log(
      `proposal ${proposalId}:`,
      await ops(OPS.withdrawProposal, { params: { proposalId }, body: { reason: values.reason } }),
    );
  } else if (command === 'ledger-check') {
    const report = await ops(OPS.ledgerCheck);
    for (const [name, rows] of Object.entries(report)) if (Array.isArray(rows) && rows.length) console.log(name, rows);
    console.log(report.ok ? 'ledger OK: balances match their entries, every currency sums to zero' : 'LEDGER DRIFT');
    process.exitCode = report.ok ? 0 : 1;
  } else if (command === 'chain-status') {
    const status = await ops(OPS.chainStatus);
    const watchers = [
      ...status.watchers.map((w) => ({ ...w, name: `${w.chain} deposits` })),
      ...status.collectionWatchers.map((w) => ({ ...w, name: `${w.chain} miner payments` })),
    ];
    for (const w of watchers) {
      if (w.notConfigured) {
        console.log(`${w.name}: not configured: ${w.notConfigured}`);
        continue;
      }
      console.log(
        `${w.name}: last scanned block ${w.lastScannedBlock ?? '-'}, head ${w.head ?? '?'} (lag ${w.lagBlocks ?? '?'}), ` +
          `scanned at ${w.scannedAt ?? 'never'}, RPC errors ${w.rpcErrors}${w.lastError ? `, last: ${w.lastError} at ${w.lastErrorAt}` : ''}`,
      );
    }
    if (status.watchers.length === 0) console.log('no chain configured');
    if (status.hotWallet) {
      const h = status.hotWallet;
      console.log(
        `hot wallet ${h.address}: ${'error' in h ? `unreadable (${h.error})` : `${show(h.bnb)} BNB, ${show(h.cow)} COW`}`,
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
    for (const h of status.heldPayouts) {
      console.log(
        `HELD payout ${h.id}: ${show(h.amount)} COW to ${h.toAddress}, ${h.signed ? `signed (nonce ${h.nonce}, ${h.txHash})` : 'never signed'}, ` +
          `since ${h.heldAt}: ${h.reason} (npm run operator -- payout-retry|payout-refund ${h.id} --reason "...")`,
      );
    }
    for (const a of status.awaitingFunds) {
      console.log(
        `AWAITING FUNDS payout ${a.id}: ${show(a.amount)} COW to ${a.toAddress}, since ${a.since}: ${a.reason} ` +
          `(sent by itself once the hot wallet covers it; or npm run operator -- payout-refund ${a.id} --reason "...")`,
      );
    }
  } else if (command === 'run-job') {
    const [job] = args;
    if (!job || !values.date)
      throw new Error('usage: npm run operator -- run-job <job> --date YYYY-MM-DD [--through YYYY-MM-DD]');
    for (const date of daysFrom(values.date, values.through ?? values.date)) {
      const outcome = await ops(OPS.runJob, { params: { job }, body: { date } });
      console.log(`${job} ${date}: ${outcome.status}${outcome.items === undefined ? '' : `, ${outcome.items} paid`}`);
    }
  } else if (command === 'run-tick') {
    const [name] = args;
    if (!name) throw new Error('usage: npm run operator -- run-tick <name>');
    console.log(await ops(OPS.runTick, { params: { name }, body: {} }));
  } else if (command === 'machine-items') {
    console.table(await ops(OPS.priceItems));
  } else if (command === 'machine-item') {
    const [id] = args;
    if (!values.reason) throw new Error('usage: npm run operator -- machine-item [<id>] --worth W ... --reason "..."');
    const body = {
      worth: values.worth,
      ...Object.fromEntries(MINER_CURRENCY_CODES.map((c) => [priceField(c), values[c]])),
      ...(values.off ? { onSale: false } : values.on ? { onSale: true } : {}),
      reason: values.reason,
    };
    console.log(await (id ? ops(OPS.savePriceItem, { params: { id }, body }) : ops(OPS.addPriceItem, { body })));
  } else if (command === 'third-party-payments') {
    console.table(await ops(OPS.thirdPartyPayments));
  } else if (command === 'tickets') {
    // Open tickets, the longest waiting first, each with its thread and the record it names.
    const open = await ops(OPS.tickets);
    for (const t of open) {
      const record = t.record ? ` about ${t.record.kind} ${t.record.id} (${t.record.amount} ${t.record.currency})` : '';
      console.log(`#${t.ticketId} from ${t.username}, waiting since ${t.waitingSince}${record}`);
      for (const m of t.messages) {
        const who = m.from === 'operator' ? `  support (${m.operator})` : '  user';
        const images = m.attach.length
          ? ` [images: ${m.attach.map((id) => buildPath(OPS.attachment.path, { id })).join(' ')}]`
          : '';
        console.log(`${who} ${new Date(m.createTime * 1000).toISOString()}: ${m.content}${images}`);
      }
    }
    if (open.length === 0) console.log('no open ticket');
  } else if (command === 'reply') {
    const [ticketId, text] = args;
    if (!ticketId || !text) throw new Error('usage: npm run operator -- reply <ticketId> "text"');
    const data = await ops(OPS.replyTicket, { params: { ticketId }, body: { content: text } });
    console.log(`ticket ${ticketId}: ${data.status}`);
  } else if (command === 'config') {
    for (const s of await ops(OPS.settings)) {
      console.log(`${s.key.padEnd(24)} ${(s.value ?? '(default)').padEnd(12)} (set by ${s.updatedBy ?? '-'})`);
    }
  } else if (command === 'set-config') {
    const [key, value] = args;
    if (!key || !value || !values.reason)
      throw new Error('usage: npm run operator -- set-config <key> <value> --reason "..."');
    const change = await ops(OPS.setSetting, { body: { key, value, reason: values.reason } });
    const pending =
      change.status === 'proposed' ? ` (proposed: another admin approves proposal ${change.proposalId})` : '';
    console.log(`${key}: ${change.before ?? '(unset)'} -> ${value}${pending}`);
  } else if (command === 'payout-retry' || command === 'payout-refund') {
    const [id] = args;
    if (!id || !values.reason) throw new Error(`usage: npm run operator -- ${command} <withdrawal id> --reason "..."`);
    const endpoint = command === 'payout-retry' ? OPS.retryPayout : OPS.refundPayout;
    const data = await ops(endpoint, { params: { id }, body: { reason: values.reason } });
    console.log(`payout ${id}:`, data);
  } else if (command === 'reserves-report') {
    // Runs a report now; its tree stays on the server, each user reads their proof with GET /v1/reserves/proof.
    const report = await ops(OPS.runReservesReport, { body: values.reason ? { reason: values.reason } : {} });
    console.log(
      `reserves report ${report.id} (${report.status}): ${report.userCount} users, root ${report.root?.hash ?? '(none)'}`,
    );
    // 'pending': the treasury publishes it on BNB Smart Chain next; 'no-chain': it never will (no chain configured).
    console.log(`publication: ${report.publication?.status ?? 'unknown'}`);
    for (const currency of report.currencies) {
      const owed = show(report.liabilities[currency] ?? '0');
      const chains = Object.entries(report.clearing)
        .map(([chain, held]) => `${chain} ${show(held[currency] ?? '0')}`)
        .join(', ');
      console.log(
        `${currency.padEnd(6)} liabilities ${owed} (users ${show(report.userBalances[currency])}); clearing: ${chains}; ` +
          `added unbacked: operator credits ${show(report.operatorCredits[currency])}, issuance ${show(report.issuance[currency])}`,
      );
    }
  } else {
    throw new Error(
      'commands: credit, proposals, treasury-status, sweep-now, sweep-retry, sweep-skip, treasury-fund, approve, withdraw, reserves-verify, reserves-report, ledger-check, chain-status, payout-retry, payout-refund, run-job, config, set-config, tickets, reply, add-operator, set-role, disable-operator',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
