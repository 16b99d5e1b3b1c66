// autocannon's request picker for the benches that drive the API with signed requests (bench/signed-load.ts), run in
// autocannon's worker thread (a worker needs a file it can require, not a function): each request is one of the
// file's, picked at random, with its session token and the signature the main thread computed (valid for minutes,
// longer than a run).
const fs = require('node:fs');

const requests = JSON.parse(fs.readFileSync(process.env.BENCH_SIGNED_REQUESTS_FILE, 'utf8'));

module.exports = (request) => {
  const r = requests[Math.floor(Math.random() * requests.length)];
  return {
    ...request,
    method: r.method,
    path: r.path,
    body: r.body || undefined,
    headers: {
      authorization: r.token,
      timestamp: r.timestamp,
      signature: r.signature,
      language: 'en',
      ...(r.body ? { 'content-type': 'application/json' } : {}),
    },
  };
};
