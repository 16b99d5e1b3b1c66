import { Money } from '@aidf/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/raw.ts';
import { openHarnessDatabase } from '../workload/harness-database.ts';
import type { LoggedRequest, WorkloadLog } from '../workload/types.ts';

export { sql };

/** A direct connection for the checks (never the instances' pool): rows out of a tagged statement. */
export interface CheckDb {
  database: Database;
  rows<T>(query: SQL): Promise<T[]>;
}

export async function openCheckDb(databaseUrl: string): Promise<CheckDb> {
  return checkDbOf(await openHarnessDatabase(databaseUrl));
}

/** The checks on a database already open (the checker's own tests hand it a throwaway PGlite). */
export function checkDbOf(database: Database): CheckDb {
  return { database, rows: async <T>(query: SQL) => rowsOf<T>(await database.db.execute(query)) };
}

/** An amount as one text whatever its scale: numeric(48,18)'s '1.500000000000000000' and the request's '1.5'. */
export const amountKey = (text: string) => new Money(text).abs().toFixed();

/** A request's outcome as the client saw it: acknowledged (a 2xx), refused (answered, none 2xx), or unknown. */
export function outcomeOf(request: LoggedRequest): 'acknowledged' | 'refused' | 'unknown' {
  const answered = request.attempts.filter((a) => a.status !== null && a.status < 500);
  if (answered.some((a) => (a.status as number) < 300)) return 'acknowledged';
  return answered.length > 0 ? 'refused' : 'unknown';
}

/** The log's requests of one kind. */
export const requestsOf = (log: WorkloadLog, kind: LoggedRequest['kind']) =>
  log.requests.filter((r) => r.kind === kind);
