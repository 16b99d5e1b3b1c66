import type { FastifyInstance } from 'fastify';
import { isAddress } from 'viem';
import { z } from 'zod';
import { DEMO_USERS } from '../../dev/demo-users.ts';
import type { DevChains } from '../../dev/dev-chains.ts';
import { AppError } from '../../domain/errors.ts';
import { escapeHtml } from './escape-html.ts';

/** What one faucet request gives: enough to try recharge (1-100 per recharge) a few times, and gas. */
export const FAUCET_GRANT = {
  bnb: { bnb: '1', cow: '100', usdt: '100', aidf: '100', eoeo: '100' },
  sol: { sol: '2', usdt: '100' },
} as const;

const ZFaucet = z.object({ chain: z.enum(['bnb', 'sol']), address: z.string().trim().min(32).max(64) });
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * /dev/wallet (development only): the dev chains, the demo wallets and their keys, the token contracts, and a
 * faucet that sends test BNB, COW, USDT, AIDF, EOEO (BNB Smart Chain) or SOL and USDT (Solana) to an address,
 * so a newcomer can try recharge from a plain browser wallet.
 */
export async function devWalletRoutes(app: FastifyInstance, opts: { devChains: DevChains }) {
  const { evm, solana } = opts.devChains;

  app.post('/dev/faucet', { schema: { hide: true } }, async (request) => {
    const parsed = ZFaucet.safeParse(request.body);
    const valid =
      parsed.success &&
      (parsed.data.chain === 'bnb' ? isAddress(parsed.data.address) : SOLANA_ADDRESS.test(parsed.data.address));
    if (!parsed.success || !valid) throw new AppError(1225, 'chain must be bnb or sol, with an address of that chain');
    const { chain, address } = parsed.data;
    if (chain === 'bnb') await evm.fund(address as `0x${string}`, FAUCET_GRANT.bnb);
    else await solana.fund(address, FAUCET_GRANT.sol);
    return { code: 200, msg: 'success', data: { chain, address, sent: FAUCET_GRANT[chain] } };
  });

  app.get('/dev/wallet', { schema: { hide: true } }, async (_request, reply) => {
    const tokens = Object.entries(evm.tokens)
      .map(([currency, address]) => `<tr><td>${currency.toUpperCase()}</td><td><code>${address}</code></td></tr>`)
      .join('');
    const demos = DEMO_USERS.map(
      (d) =>
        `<tr><td>${escapeHtml(d.username)}</td><td><code>${d.address}</code><br><small>key <code>${d.privateKey}</code></small></td></tr>`,
    ).join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>AIDF dev wallet</title>
<style>*{box-sizing:border-box}body{font-family:system-ui;background:#0b0f17;color:#e8edf5;max-width:680px;margin:auto;padding:16px}section{margin:12px 0;padding:12px;background:#141a26;border-radius:12px;overflow-wrap:anywhere}code{word-break:break-all;font-size:12px}table{inline-size:100%;table-layout:fixed;border-collapse:collapse}td{padding:4px 8px;vertical-align:top}td:first-child{inline-size:5.5em}input,select,button{font:inherit;padding:8px;border-radius:8px;border:1px solid #2a3346;background:#0b0f17;color:inherit;max-inline-size:100%}input,select{inline-size:100%}button{background:#f0b90b;color:#111;border:0;font-weight:600}</style>
<h1>Dev wallet</h1>
<p>Development chains started by <code>npm start</code>. Nothing here is real money; the keys are public test keys.</p>
<section><h2>BNB Smart Chain (dev)</h2><p>RPC <code>${evm.rpcUrl}</code>, chain id 56 (0x38). Add it to your wallet as a network with this RPC URL.</p>
<table>${tokens}</table></section>
<section><h2>Solana (dev stand-in)</h2><p>RPC <code>${solana.rpcUrl}</code>; USDT mint <code>${solana.usdtMint}</code> (6 decimals).</p></section>
<section><h2>Demo wallets</h2><p>Import a key into a browser wallet to sign in as that user.</p><table>${demos}</table></section>
<section><h2>Faucet</h2>
<form id="faucet"><p><select name="chain"><option value="bnb">BNB Smart Chain: 1 BNB, 100 COW/USDT/AIDF/EOEO</option><option value="sol">Solana: 2 SOL, 100 USDT</option></select></p>
<p><input name="address" placeholder="your wallet address" required></p><p><button>Send test tokens</button></p></form>
<p id="result" role="status"></p></section>
<script>
document.getElementById('faucet').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const result = document.getElementById('result');
  result.textContent = 'Sending…';
  const response = await fetch('/dev/faucet', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chain: form.get('chain'), address: form.get('address') }) });
  const answer = await response.json();
  const sent = answer.code === 200 &&
    Object.entries(answer.data.sent).map(([currency, amount]) => amount + ' ' + currency.toUpperCase()).join(', ');
  result.textContent = sent ? 'Sent ' + sent + ' to ' + answer.data.address + '.' : answer.msg;
});
</script>`;
  });
}
