import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { chainServices } from '../chain/chain-services.ts';
import { depositKeys } from '../chain/deposit-keys.ts';
import type { AppConfig } from '../config.ts';
import { devToolsAllowed } from '../config-mode.ts';
import type { Database } from '../db/client.ts';
import { repositories } from '../db/repositories/index.ts';
import type { DevChains } from '../dev/dev-chains.ts';
import type { DevMailbox } from '../dev/mailbox.ts';
import { sealFromConfig } from '../domain/auth/authenticator-seal.ts';
import { setPasswordHashCost } from '../domain/auth/password.ts';
import { type Mailer, smtpMailer } from '../domain/mail/mailer.ts';
import { dailyJobs } from '../jobs/daily-jobs.ts';
import { jobRunner } from '../jobs/job-runner.ts';
import { attemptLimits } from './plugins/attempt-limits.ts';
import { sessionAuth } from './plugins/auth.ts';
import { consoleApp } from './plugins/console-app.ts';
import { draining } from './plugins/draining.ts';
import { errorHandling, frameworkErrors } from './plugins/errors.ts';
import { openApi } from './plugins/openapi.ts';
import { requestContext } from './plugins/request-context.ts';
import { requestSignatureCheck } from './plugins/request-signature.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { webApp } from './plugins/web-app.ts';
import { addressBookRoutes } from './routes/address-book.ts';
import { announcementRoutes } from './routes/announcements.ts';
import { assetRoutes } from './routes/assets.ts';
import { authRoutes } from './routes/auth.ts';
import { authenticatorRoutes } from './routes/authenticator.ts';
import { coinConfigRoutes } from './routes/coin-config.ts';
import { emailChangeRoutes } from './routes/email-change.ts';
import { healthRoutes } from './routes/health.ts';
import { machineRoutes } from './routes/machine.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { operatorRoutes } from './routes/operator.ts';
import { operatorAccountRoutes } from './routes/operator-accounts.ts';
import { operatorAnnouncementRoutes } from './routes/operator-announcements.ts';
import { operatorDashboardRoutes } from './routes/operator-dashboard.ts';
import { operatorJobRoutes } from './routes/operator-jobs.ts';
import { operatorMachineRoutes } from './routes/operator-machine.ts';
import { operatorTicketRoutes } from './routes/operator-tickets.ts';
import { operatorUserRoutes } from './routes/operator-users.ts';
import { pledgeRoutes } from './routes/pledge.ts';
import { rechargeRoutes } from './routes/recharge.ts';
import { reservesRoutes } from './routes/reserves.ts';
import { ticketRoutes } from './routes/tickets.ts';
import { treasuryRoutes } from './routes/treasury.ts';
import { userRoutes } from './routes/users.ts';
import { withdrawRoutes } from './routes/withdraw.ts';
import type { RegisteredRoute } from './types.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Where sign-in codes go; by default SMTP_URL, or a dev mailbox where the dev tools run (config-mode.ts). */
  mailer?: Mailer;
  /** The dev chains `npm start` runs; they add the /dev/wallet page and its faucet, never production-like. */
  devChains?: DevChains | null;
}

/** The whole HTTP server, not yet listening; tests call it with a fresh database. */
export async function buildApp({ config, database, mailer, devChains }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.signature'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 256 * 1024,
    frameworkErrors,
    // Off unless TRUST_PROXY names the proxies: else any client could pick its own request.ip.
    trustProxy: config.trustProxy,
    // A stopping instance answers with plugins/draining.ts (the envelope and Retry-After), not Fastify's own 503.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before any route: the hook sees every route registered after it, in every plugin.
  const routeList: RegisteredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', ({ method, url, schema }) => void routeList.push({ method, url, schema }));

  app.decorate('config', config);
  setPasswordHashCost(config.passwordScryptN);
  app.decorate('database', database);
  app.decorate('repos', repositories(database.db, sealFromConfig(config)));
  const mail = mailer ? { mailer, mailbox: null } : await mailFromConfig(config);
  app.decorate('mailer', mail.mailer);
  // With DEPOSIT_XPUB the API never reads the deposit seed (deposit-keys.ts).
  const deposits = depositKeys(config);
  app.decorate('deriveDepositAddress', deposits.derive);
  app.decorate('solanaAddressMaker', deposits.solanaAddressMaker);
  app.decorate('solanaPoolTurnedAway', 0);
  app.decorate('solanaDepositPool', {
    makeAddress: deposits.solanaAddressMaker,
    ahead: config.solanaDepositPoolAhead,
    log: app.log,
    onEmpty: () => {
      app.solanaPoolTurnedAway += 1;
    },
  });
  app.decorate('chains', chainServices(config, deposits.devMnemonic));
  app.decorate('jobs', jobRunner({ repos: app.repos, jobs: dailyJobs() }));
  // Registered before plugins/draining.ts, so it runs after that plugin's wait for the handlers still running
  // (Fastify runs onClose hooks last registered first): a handler sending mail finds the mailer open.
  app.addHook('onClose', async () => {
    mail.mailer.close();
    await mail.mailbox?.close();
  });

  await app.register(errorHandling);
  await app.register(draining);
  await app.register(securityHeaders);
  await app.register(requestContext);
  await app.register(requestSignatureCheck);
  await app.register(sessionAuth);
  await app.register(attemptLimits);
  await app.register(openApi);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(coinConfigRoutes);
  await app.register(announcementRoutes);
  await app.register(userRoutes);
  await app.register(authRoutes);
  await app.register(emailChangeRoutes);
  await app.register(notificationRoutes);
  await app.register(assetRoutes);
  await app.register(operatorRoutes);
  await app.register(operatorAccountRoutes);
  await app.register(operatorJobRoutes);
  await app.register(operatorDashboardRoutes);
  await app.register(operatorUserRoutes);
  await app.register(operatorAnnouncementRoutes);
  await app.register(pledgeRoutes);
  await app.register(machineRoutes);
  await app.register(operatorMachineRoutes);
  await app.register(ticketRoutes);
  await app.register(operatorTicketRoutes);
  await app.register(rechargeRoutes);
  await app.register(withdrawRoutes);
  await app.register(addressBookRoutes);
  await app.register(authenticatorRoutes);
  await app.register(reservesRoutes);
  await app.register(treasuryRoutes);
  // The dev routes and what they load are imported only where the dev tools run: never production-like.
  if (mail.mailbox) {
    const { devMailboxRoutes } = await import('./routes/dev-mailbox.ts');
    await app.register(devMailboxRoutes, { mailbox: mail.mailbox });
  }
  if (devChains && devToolsAllowed(config)) {
    const { devWalletRoutes } = await import('./routes/dev-wallet.ts');
    await app.register(devWalletRoutes, { devChains });
  }

  await app.register(consoleApp, { distDir: config.consoleDistDir });
  await app.register(webApp, { distDir: config.webDistDir });
  return app;
}

/** SMTP_URL when set; where the dev tools run without one, a dev mailbox on loopback shown at /dev/mailbox. */
async function mailFromConfig(config: AppConfig): Promise<{ mailer: Mailer; mailbox: DevMailbox | null }> {
  if (config.smtpUrl) return { mailer: smtpMailer(config.smtpUrl), mailbox: null };
  // loadConfig already refuses this; the check stays beside the dev mail server it keeps out.
  if (!devToolsAllowed(config))
    throw new Error('SMTP_URL is required: the dev mailbox runs only beside the dev chains');
  const { startDevMailbox } = await import('../dev/mailbox.ts');
  const mailbox = await startDevMailbox();
  return { mailer: smtpMailer(mailbox.smtpUrl), mailbox };
}
