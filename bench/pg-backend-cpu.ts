import fs from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by the live PostgreSQL backends connected to one database, found by the process
 * title PostgreSQL gives each backend ("postgres: <cluster>: <user> <database> <client> ..."). On a
 * PostgreSQL shared with other work this is the cost of this database's sessions alone; the postmaster's whole
 * tree would count everyone's. Backends that exit between two readings are lost: read while the pool is open.
 */
export function databaseBackendsCpuSeconds(database: string): number {
  let total = 0;
  for (const seconds of databaseBackendsCpu(database).values()) total += seconds;
  return total;
}

/** The CPU seconds used so far by each live backend of one database, by process id. */
export function databaseBackendsCpu(database: string): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    let stat: string;
    try {
      title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ')) continue;
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (title.split(/\s+/)[3] !== database) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
  }
  return used;
}

/**
 * What the backends alive at the end used since `before` (a backend new since then counts from zero). A backend
 * that exited in between is left out rather than subtracted: an idle pool connection closing mid-run (the bench's
 * own, after seeding) would otherwise count as negative CPU.
 */
export function backendsCpuSince(database: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of databaseBackendsCpu(database)) total += seconds - (before.get(pid) ?? 0);
  return total;
}
