import type { AppDb } from '../client.ts';
import { addressBookRepository } from './address-book.ts';
import { announcementsRepository } from './announcements.ts';
import { attachmentsRepository } from './attachments.ts';
import { attemptCountersRepository } from './attempt-counters.ts';
import { type AuthenticatorSeal, authenticatorsRepository } from './authenticators.ts';
import { batchBookingRepository } from './batch-booking.ts';
import { boundAddressesRepository } from './bound-addresses.ts';
import { chainRepository } from './chain.ts';
import { chainCreditsRepository } from './chain-credits.ts';
import { confirmationsRepository } from './confirmations.ts';
import { depositAddressesRepository } from './deposit-addresses.ts';
import { emailCodesRepository } from './email-codes.ts';
import { housekeepingRepository } from './housekeeping.ts';
import { investsRepository } from './invests.ts';
import { jobRunsRepository } from './job-runs.ts';
import { ledgerRepository } from './ledger.ts';
import { machinesRepository } from './machines.ts';
import { notificationsRepository } from './notifications.ts';
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
import { sessionReadsRepository } from './session-reads.ts';
import { sessionStatementRepository } from './session-statement.ts';
import { sessionsRepository } from './sessions.ts';
import { settingsRepository } from './settings.ts';
import { solanaDepositPoolRepository } from './solana-deposit-pool.ts';
import { sweepPlanningRepository } from './sweep-planning.ts';
import { sweepsRepository } from './sweeps.ts';
import { teamRepository } from './team.ts';
import { ticketRecordsRepository } from './ticket-records.ts';
import { ticketsRepository } from './tickets.ts';
import { tokenConfigsRepository } from './token-configs.ts';
import { transferContextRepository } from './transfer-context.ts';
import { treasuryConsoleRepository } from './treasury-console.ts';
import { usedSignaturesRepository } from './used-signatures.ts';
import { usersRepository } from './users.ts';
import { withdrawLimitsRepository } from './withdraw-limits.ts';
import { withdrawalsRepository } from './withdrawals.ts';

function tableRepositories(db: AppDb) {
  return {
    addressBook: addressBookRepository(db),
    announcements: announcementsRepository(db),
    attachments: attachmentsRepository(db),
    attemptCounters: attemptCountersRepository(db),
    authenticators: authenticatorsRepository(db),
    batchBooking: batchBookingRepository(db),
    boundAddresses: boundAddressesRepository(db),
    chain: chainRepository(db),
    chainCredits: chainCreditsRepository(db),
    confirmations: confirmationsRepository(db),
    depositAddresses: depositAddressesRepository(db),
    solanaDepositPool: solanaDepositPoolRepository(db),
    emailCodes: emailCodesRepository(db),
    housekeeping: housekeepingRepository(db),
    invests: investsRepository(db),
    jobRuns: jobRunsRepository(db),
    ledger: ledgerRepository(db),
    machines: machinesRepository(db),
    notifications: notificationsRepository(db),
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
    sessionReads: sessionReadsRepository(db),
    sessionStatement: sessionStatementRepository(db),
    settings: settingsRepository(db),
    sweeps: sweepsRepository(db),
    sweepPlanning: sweepPlanningRepository(db),
    ticketRecords: ticketRecordsRepository(db),
    tickets: ticketsRepository(db),
    team: teamRepository(db),
    tokenConfigs: tokenConfigsRepository(db),
    transferContext: transferContextRepository(db),
    treasuryConsole: treasuryConsoleRepository(db),
    usedSignatures: usedSignaturesRepository(db),
    users: usersRepository(db),
    withdrawals: withdrawalsRepository(db),
    withdrawLimits: withdrawLimitsRepository(db),
  };
}

export type Repositories = ReturnType<typeof tableRepositories> & {
  /** Runs `work` in one database transaction, with repositories bound to it. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * Seals and opens users' authenticator secrets (domain/auth/authenticator-seal.ts); only the API's repositories
   * have it (its key is the API role's), null elsewhere.
   */
  authenticatorSeal: AuthenticatorSeal | null;
};

export function repositories(db: AppDb, authenticatorSeal: AuthenticatorSeal | null = null): Repositories {
  return {
    ...tableRepositories(db),
    transaction: (work) => db.transaction((tx) => work(repositories(tx as unknown as AppDb, authenticatorSeal))),
    authenticatorSeal,
  };
}
