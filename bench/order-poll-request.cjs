// autocannon's request picker for bench/order-polls.ts, run in autocannon's worker thread (a worker needs a file it
// can require, not a function): each request polls a random pending order as its own user, with the signature the
// main thread computed (valid for minutes, longer than a run).
const fs = require('node:fs');

const pollers = JSON.parse(fs.readFileSync(process.env.BENCH_POLLERS_FILE, 'utf8'));

module.exports = (request) => {
  const p = pollers[Math.floor(Math.random() * pollers.length)];
  return {
    ...request,
    method: 'GET',
    path: p.path,
    headers: { authorization: p.token, timestamp: p.timestamp, signature: p.signature, language: 'en' },
  };
};
