import fs from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ: 100 on every common kernel build). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime of the process itself, in seconds. */
  own: number;
  /** cutime + cstime: what its exited and reaped children used, in seconds. */
  reaped: number;
}

/** One process's line of /proc/<pid>/stat, or null when it is gone. */
function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: the fields after its last ')' are fixed.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(fields[i - 3]);
  return { pid, ppid: n(4), own: (n(14) + n(15)) / TICKS_PER_SECOND, reaped: (n(16) + n(17)) / TICKS_PER_SECOND };
}

/**
 * CPU seconds used so far by a process and all its children: its own time, what its exited children used (the
 * kernel adds it to the parent once reaped), and its live children's own time. PostgreSQL's postmaster forks a
 * backend per connection, so the cluster's whole cost is the postmaster's tree.
 */
export function treeCpuSeconds(rootPid: number): number {
  const root = procStat(rootPid);
  if (!root) return 0;
  let total = root.own + root.reaped;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = procStat(Number(entry));
    if (child?.ppid === rootPid) total += child.own;
  }
  return total;
}

/** The postmaster's process id, from the first line of its data folder's postmaster.pid. */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
