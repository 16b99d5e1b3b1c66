import {
  buyMachine,
  cancelOrder,
  machineIndex,
  machineList,
  machinePrices,
  orderStatus,
  submitOrderHash,
} from '@aidf/contract';
import type { FastifyInstance } from 'fastify';
import { devToolsAllowed } from '../../config-mode.ts';
import { buyMachine as buy } from '../../domain/machine/buy-machine.ts';
import { cancelOrder as cancel } from '../../domain/machine/cancel-order.ts';
import { machineConfig } from '../../domain/machine/machine-config.ts';
import {
  machineIndexOfSession,
  machinePage,
  orderView,
  pollOrder,
  machinePrices as prices,
} from '../../domain/machine/machine-views.ts';
import { submitOrderHash as submitHash } from '../../domain/machine/submit-hash.ts';
import { devSolanaRpcUrl } from '../browser-rpc.ts';
import { tokenOf } from '../plugins/auth.ts';
import { sessionOf } from '../session-of.ts';
import { defineRoute } from './define-route.ts';

/**
 * The miner's settings, with the hot wallet as the BNB Smart Chain collection address beside the dev chains,
 * and there the Solana stand-in's RPC for the browser's SOL transfers.
 */
export async function machineConfigOf(app: FastifyInstance) {
  const { fallback, publicSolanaRpcUrl } = machineConfigBeside(app);
  return { ...(await machineConfig(app.repos, fallback)), publicSolanaRpcUrl };
}

/** What the miner's settings cannot say: the collection addresses' dev fallback and the Solana RPC of the browser. */
function machineConfigBeside(app: FastifyInstance) {
  const dev = devToolsAllowed(app.config);
  return {
    fallback: { bsc: dev ? (app.chains.bsc?.hotWalletAddress ?? null) : null, solana: null },
    publicSolanaRpcUrl: devSolanaRpcUrl(app),
  };
}

export async function machineRoutes(app: FastifyInstance) {
  // The session is read with the whole index (machineIndexOfSession), one round trip.
  defineRoute(
    app,
    machineIndex,
    async ({ request }) => {
      const { session, index } = await machineIndexOfSession(app.repos, tokenOf(request), machineConfigBeside(app));
      request.sessionUser = session;
      return index;
    },
    { sessionInHandler: true },
  );

  defineRoute(app, machinePrices, async () => prices(app.repos, await machineConfigOf(app)));

  defineRoute(app, buyMachine, async ({ params, request }) => {
    const config = await machineConfigOf(app);
    return orderView(app.repos, await buy(app.repos, sessionOf(request).userId, BigInt(params.id), config), config);
  });

  defineRoute(app, cancelOrder, async ({ body, request }) =>
    orderView(
      app.repos,
      await cancel(app.repos, sessionOf(request).userId, BigInt(body.orderNo)),
      await machineConfigOf(app),
    ),
  );

  defineRoute(app, submitOrderHash, async ({ body, request }) =>
    orderView(
      app.repos,
      await submitHash(app.repos, sessionOf(request).userId, BigInt(body.orderNo), body.txId),
      await machineConfigOf(app),
    ),
  );

  // Polled every 3 s by every client with an order awaiting payment: the session and the order in one query,
  // a cached context, and no access log lines (two per request at info, 6,666 a second for 10,000 orders;
  // warnings and errors are still logged).
  defineRoute(
    app,
    orderStatus,
    async ({ params, request }) =>
      pollOrder(app.repos, tokenOf(request), BigInt(params.orderId), () => machineConfigOf(app)),
    { sessionInHandler: true, logLevel: 'warn' },
  );

  defineRoute(app, machineList, ({ params, request }) => machinePage(app.repos, sessionOf(request).userId, params));
}
