import { solanaAddressMakerOf } from './chain/deposit-keys.ts';
import { operatorCommandHint } from './cli/operator-client.ts';
import { type AppConfig, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { DevChains } from './dev/dev-chains.ts';
import { sealStoredAuthenticators } from './domain/auth/authenticator.ts';
import { smtpMailer } from './domain/mail/mailer.ts';
import { gracefulStop } from './graceful-stop.ts';
import { buildApp } from './http/app.ts';
import { buildHealthApp } from './http/health-app.ts';
import { startWorkers } from './jobs/workers.ts';
import { prepareDatabase } from './prepare.ts';

async function main() {
  let config: AppConfig = loadConfig();
  const database = await openDatabase(config);
  // The dev tools run only beside the dev chains this start runs itself (config-mode.ts); the dev modules are
  // imported only then, so a production start never loads the dev chains, the dev mail server or the seed.
  const devMode = config.mode === 'dev-chains';
  // The compiled bundle (build.mjs, `npm run start:prod`) leaves the dev chains out: they run under `npm start`.
  if (devMode && import.meta.url.endsWith('.js'))
    throw new Error(
      'npm run start:prod runs production-like starts only (docs/deployment.md "Production start-up rules"): set your settings, or use npm start for the dev chains',
    );
  const { migrations, seeded, repos } = await prepareDatabase(database, { seedDemoData: devMode });

  // Nothing real configured outside production means the dev chains (ARCHITECTURE.md "Chains").
  let devChains: DevChains | null = null;
  if (devMode) {
    const { startDevChains } = await import('./dev/dev-chains.ts');
    devChains = await startDevChains({ repos });
    config = { ...config, bscRpcUrl: devChains.evm.rpcUrl, solanaRpcUrl: devChains.solana.rpcUrl };
  }

  // ROLES (process-roles.ts): the API serves HTTP; a process without it answers only its health checks.
  const serveApi = config.roles.includes('api');
  const app = serveApi ? await buildApp({ config, database, devChains }) : await buildHealthApp({ config, database });
  if (serveApi) {
    // Secrets stored plain (before sealing) or under the key before a rotation: sealed under the current key now.
    const { sealed, unopened } = await sealStoredAuthenticators(app.repos);
    if (sealed > 0) app.log.info({ sealed }, 'authenticator secrets sealed under the current AUTHENTICATOR_SEAL_KEY');
    // Under a key neither setting holds: those users' codes answer an error until the key is set back.
    if (unopened > 0) app.log.error({ unopened }, 'authenticator secrets that no AUTHENTICATOR_SEAL_KEY setting opens');
  }
  const hotWallet = app.chains.bsc?.payouts?.hotWallet;
  // Only a treasury signs sweeps; beside the dev chains its Solana hot wallet gets SOL for their fees.
  const solanaHotWallet = app.chains.solana?.sweeps?.hotWallet;
  if (devChains) {
    const funding = {
      bsc: hotWallet ? await devChains.fundHotWallet(hotWallet) : [],
      solana: solanaHotWallet ? await devChains.fundSolanaHotWallet(solanaHotWallet) : [],
    };
    const { bookDevFunding } = await import('./dev/dev-funding.ts');
    const booked = await bookDevFunding(repos, app.chains, devChains, funding);
    app.log.info({ booked }, 'the dev chains funded the hot wallets: booked as treasury funding');
  }
  // The API's mailer (SMTP_URL or the dev mailbox) sends the notification e-mails too; a process without the API
  // sends them over SMTP_URL, or leaves them in the outbox without one.
  const ownMailer = !serveApi && config.smtpUrl ? smtpMailer(config.smtpUrl) : null;
  const workers = startWorkers({
    mailer: serveApi ? app.mailer : ownMailer,
    roles: config.roles,
    repos,
    db: database.db,
    chains: app.chains,
    pollMs: config.chainPollMs,
    log: app.log,
    // A dev chain starts empty each time: read from genesis, and followed when it starts over. A real chain is
    // read from its head (not from genesis on mainnet), and going back is a fault to stop on, not to follow.
    allowChainReset: devMode,
    solanaDeposits: { makeAddress: solanaAddressMakerOf(config), ahead: config.solanaDepositPoolAhead },
    collectionFallbackToHotWallet: devMode,
  });
  const stop = gracefulStop({
    app,
    workers,
    close: [() => devChains?.close(), async () => ownMailer?.close(), () => database.close()],
  });
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info({ migrations, seeded, database: where, roles: config.roles, work: workers.started }, 'database ready');
  console.log(`\n  AIDF is running: ${address}\n  Roles:           ${config.roles.join(', ')}`);
  console.log(
    serveApi
      ? `  API docs:        ${address}/docs`
      : `  Health checks:   ${address}/healthz, ${address}/readyz (no API)`,
  );
  console.log(`  Database:        ${where}`);
  console.log(`  BNB Smart Chain: ${config.bscRpcUrl ?? 'off'}${devChains ? '  (dev chain, chain id 56)' : ''}`);
  console.log(`  Solana:          ${config.solanaRpcUrl ?? 'off'}${devChains ? '  (dev stand-in)' : ''}`);
  // The dev pages and the demo users are the API's: a process without it serves neither.
  if (devChains && serveApi) {
    const { DEMO_USERS } = await import('./dev/demo-users.ts');
    console.log(`  Dev mailbox:     ${address}/dev/mailbox`);
    console.log(`  Dev wallet:      ${address}/dev/wallet  (dev wallets and a test-token faucet)`);
    console.log(`  Operator token:  ${config.operatorToken}`);
    console.log(
      `  Operator:        ${operatorCommandHint(address, config.operatorToken)}  (or credit, tickets, config ...)`,
    );
    console.log('  Demo users (import the dev key into a browser wallet on BNB Smart Chain to sign in):');
    for (const demo of DEMO_USERS)
      console.log(`    ${demo.username.padEnd(6)} ${demo.address}  key ${demo.privateKey}`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
