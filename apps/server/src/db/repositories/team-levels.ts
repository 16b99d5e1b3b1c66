import { type SQL, sql } from 'drizzle-orm';

/** Level thresholds (index 0 = star level 1) and the rates as an SQL array literal ('{3,5,8,...}'). */
export interface LevelArrays {
  volumes: string[];
  directs: number[];
  rates: string;
}

/**
 * The star level (0-7) of a team volume and a count of direct invitees: the highest level whose both needs are
 * met, as a CASE over constants (cheaper per row than a subquery over arrays, on 1,000 uplines a purchase).
 */
export function levelOf(volume: SQL, direct: SQL, a: LevelArrays): SQL {
  const arms = a.volumes
    .map((v, i) => sql`WHEN ${volume} >= ${v}::numeric AND ${direct} >= ${a.directs[i] ?? 0}::int THEN ${i + 1}`)
    .reverse();
  return sql`(CASE ${sql.join(arms, sql` `)} ELSE 0 END)`;
}
