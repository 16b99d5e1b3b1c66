import type { TLanguage } from '@aidf/contract';
import type { FastifySchema } from 'fastify';
import type { ChainServices } from '../chain/chain-services.ts';
import type { DepositAddressDeriver, SolanaAddressMaker } from '../chain/types.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Repositories } from '../db/repositories/index.ts';
import type { SessionUser } from '../domain/auth/sessions.ts';
import type { SolanaDepositPoolAccess } from '../domain/chain/solana-deposit-pool.ts';
import type { Mailer } from '../domain/mail/mailer.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

/** One route as registered: what tests walk to check and fuzz every route, new ones included. */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in the order registered. */
    routeList: readonly RegisteredRoute[];
    config: AppConfig;
    database: Database;
    repos: Repositories;
    mailer: Mailer;
    /** The user's deposit address on a chain, from the platform's HD seed. */
    deriveDepositAddress: DepositAddressDeriver;
    /** Solana deposit addresses by derivation index: only in a process holding the deposit seed. */
    solanaAddressMaker: SolanaAddressMaker | null;
    /** How the API hands out the treasury's pooled Solana deposit addresses. */
    solanaDepositPool: SolanaDepositPoolAccess;
    /** Users an empty Solana deposit address pool turned away since start (aidf_solana_deposit_pool_turned_away). */
    solanaPoolTurnedAway: number;
    /** BNB Smart Chain and Solana clients, the hot wallet and the withdrawal policy. */
    chains: ChainServices;
    /** The daily jobs (pledge settlement…): operators run a day by hand through it. */
    jobs: JobRunner;
    /** A graceful stop began: new requests are turned away with 503 (plugins/draining.ts). */
    startDraining: () => void;
    isDraining: () => boolean;
    /** Requests taken and not yet done, their client gone or not; `app.close()` waits for them (draining.ts). */
    requestsRunning: () => number;
    /** preHandler of protected calls: answers 401 unless the `authorization` token is live. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The body exactly as received; the request signature covers it. */
    rawBody: string;
    /** The `language` header when it is one of the eleven codes, else English. */
    language: TLanguage;
    sessionUser: SessionUser | null;
  }
}
