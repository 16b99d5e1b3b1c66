import type { AppDb } from '../client.ts';
import { announcementsRepository } from './announcements.ts';
import { attachmentsRepository } from './attachments.ts';
import { attemptCountersRepository } from './attempt-counters.ts';
import { batchBookingRepository } from './batch-booking.ts';
import { boundAddressesRepository } from './bound-addresses.ts';
import { chainRepository } from './chain.ts';
import { chainCreditsRepository } from './chain-credits.ts';
import { depositAddressesRepository } from './deposit-addresses.ts';
import { emailCodesRepository } from './email-codes.ts';
import { investsRepository } from './invests.ts';
import { jobRunsRepository } from './job-runs.ts';
import { ledgerRepository } from './ledger.ts';
import { machinesRepository } from './machines.ts';
import { operatorActionsRepository } from './operator-actions.ts';
import { operatorDashboardRepository } from './operator-dashboard.ts';
import { operatorLookupRepository } from './operator-lookup.ts';
import { operatorProposalsRepository } from './operator-proposals.ts';
import { operatorsRepository } from './operators.ts';
import { opsGaugesRepository } from './ops-gauges.ts';
import { orderStatusRepository } from './order-status.ts';
import { pledgesRepository } from './pledges.ts';
import { reservesPublicationRepository } from './reserves-publication.ts';
import { scanCursorRepositories } from './scan-cursors.ts';
import { securityChangesRepository } from './security-changes.ts';
import { sessionsRepository } from './sessions.ts';
import { settingsRepository } from './settings.ts';
import { solanaDepositPoolRepository } from './solana-deposit-pool.ts';
import { sweepPlanningRepository } from './sweep-planning.ts';
import { sweepsRepository } from './sweeps.ts';
import { teamRepository } from './team.ts';
import { ticketRecordsRepository } from './ticket-records.ts';
import { ticketsRepository } from './tickets.ts';
import { tokenConfigsRepository } from './token-configs.ts';
import { treasuryConsoleRepository } from './treasury-console.ts';
import { usedSignaturesRepository } from './used-signatures.ts';
import { usersRepository } from './users.ts';
import { withdrawalsRepository } from './withdrawals.ts';

function tableRepositories(db: AppDb) {
  return {
    announcements: announcementsRepository(db),
    attachments: attachmentsRepository(db),
    attemptCounters: attemptCountersRepository(db),
    batchBooking: batchBookingRepository(db),
    boundAddresses: boundAddressesRepository(db),
    chain: chainRepository(db),
    chainCredits: chainCreditsRepository(db),
    depositAddresses: depositAddressesRepository(db),
    solanaDepositPool: solanaDepositPoolRepository(db),
    emailCodes: emailCodesRepository(db),
    invests: investsRepository(db),
    jobRuns: jobRunsRepository(db),
    ledger: ledgerRepository(db),
    machines: machinesRepository(db),
    operatorActions: operatorActionsRepository(db),
    operatorDashboard: operatorDashboardRepository(db),
    operatorLookup: operatorLookupRepository(db),
    operatorProposals: operatorProposalsRepository(db),
    operators: operatorsRepository(db),
    opsGauges: opsGaugesRepository(db),
    orderStatus: orderStatusRepository(db),
    pledges: pledgesRepository(db),
    reservesPublication: reservesPublicationRepository(db),
    scanCursors: scanCursorRepositories(db),
    securityChanges: securityChangesRepository(db),
    sessions: sessionsRepository(db),
    settings: settingsRepository(db),
    sweeps: sweepsRepository(db),
    sweepPlanning: sweepPlanningRepository(db),
    ticketRecords: ticketRecordsRepository(db),
    tickets: ticketsRepository(db),
    team: teamRepository(db),
    tokenConfigs: tokenConfigsRepository(db),
    treasuryConsole: treasuryConsoleRepository(db),
    usedSignatures: usedSignaturesRepository(db),
    users: usersRepository(db),
    withdrawals: withdrawalsRepository(db),
  };
}

export type Repositories = ReturnType<typeof tableRepositories> & {
  /** Runs `work` in one database transaction, with repositories bound to it. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
};

export function repositories(db: AppDb): Repositories {
  return {
    ...tableRepositories(db),
    transaction: (work) => db.transaction((tx) => work(repositories(tx as unknown as AppDb))),
  };
}
