// The database schema, one file per area under ./schema; it mirrors the SQL migrations in ./migrations
// (test/platform.api.test.ts fails when the two drift apart).
export * from './schema/accounts.ts';
export * from './schema/chain.ts';
export * from './schema/content.ts';
export * from './schema/ledger.ts';
export * from './schema/machine.ts';
export * from './schema/operators.ts';
export * from './schema/pledge.ts';
export * from './schema/reserves.ts';
export * from './schema/team.ts';
export * from './schema/treasury.ts';
export * from './schema/withdraw-safety.ts';
