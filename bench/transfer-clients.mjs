// The load generator of bench/transfer-throughput.ts, in a process of its own so the server's process CPU is the
// server's alone. Reads {url, clients, requests: [{headers, body, url?}]} from the file named by argv[2] (a request's
// own url, when given, names which of several API processes it goes to), sends every request from `clients`
// concurrent loops, and prints {seconds, statuses, cpuMs} as JSON (cpuMs: this process's own CPU, the load
// generator's share of the machine's cores). It uses undici's Pool (one kept-alive connection per loop and origin)
// rather than fetch, whose WHATWG layers cost more CPU than the request itself on the same two cores.
import fs from 'node:fs';
import { Pool } from 'undici';

const { url, clients, requests } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const pools = new Map();
const poolOf = (origin) => {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: clients });
    pools.set(origin, pool);
  }
  return pool;
};
const statuses = {};
let next = 0;
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const target = new URL(request.url ?? url);
      const res = await poolOf(target.origin).request({
        method: 'POST',
        path: target.pathname,
        headers: request.headers,
        body: request.body,
      });
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      await res.body.arrayBuffer();
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(JSON.stringify({ seconds: (performance.now() - started) / 1000, statuses, cpuMs }));
await Promise.all([...pools.values()].map((pool) => pool.close()));
