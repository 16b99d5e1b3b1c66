// The target run of bench/order-polls.ts, in a worker thread so the server's thread does only the server's work:
// every pending order is one phone that polls its order every PERIOD_MS, as the app does, from its own moment in the
// first period (phones open the page at unrelated times). An open loop: a poll is sent when it is due, whether or not
// earlier answers came back, and its latency is counted from when it was due, so a stalled server cannot hide its
// stall by slowing the senders down (coordinated omission).
//
// Why not autocannon's overallRate: it lets each connection send its quota for a second as fast as it can at the start
// of the second and then waits for the next, so all of a second's polls arrive in one burst. That measures a
// saturated server's queue, not 10,000 phones each polling every 3 s.
//
// Only the polls due after warmupMs are measured; a failure at any time is counted.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as hdr from 'hdr-histogram-js';
import { Pool } from 'undici';

const { url, pollersFile, warmupMs, durationMs, periodMs, connections } = workerData;
const endMs = warmupMs + durationMs;
const pollers = JSON.parse(fs.readFileSync(pollersFile, 'utf8'));

// Each phone's polls over the run, merged into one timeline sorted by when they are due.
const schedule = [];
for (let i = 0; i < pollers.length; i++) {
  for (let at = Math.random() * periodMs; at < endMs; at += periodMs) schedule.push({ at, poller: pollers[i] });
}
schedule.sort((a, b) => a.at - b.at);

const pool = new Pool(url, { connections, pipelining: 1 });
const latency = hdr.build({
  lowestDiscernibleValue: 1,
  highestTrackableValue: 60_000,
  numberOfSignificantValueDigits: 3,
});
let answered = 0;
let failures = 0;
let firstFailure = null;

async function poll({ at, poller }, start) {
  try {
    const response = await pool.request({
      method: 'GET',
      path: poller.path,
      headers: {
        authorization: poller.token,
        timestamp: poller.timestamp,
        signature: poller.signature,
        language: 'en',
      },
    });
    const body = await response.body.text();
    if (response.statusCode !== 200) {
      failures++;
      firstFailure ??= `${response.statusCode} ${body.slice(0, 200)}`;
      return;
    }
  } catch (error) {
    failures++;
    firstFailure ??= String(error);
    return;
  }
  if (at < warmupMs) return;
  answered++;
  latency.recordValue(Math.max(1, Math.round(performance.now() - start - at)));
}

const start = performance.now();
const inFlight = [];
let next = 0;
await new Promise((resolve) => {
  const tick = () => {
    const now = performance.now() - start;
    while (next < schedule.length && schedule[next].at <= now) inFlight.push(poll(schedule[next++], start));
    if (next < schedule.length) setTimeout(tick, 1);
    else resolve();
  };
  tick();
});
await Promise.all(inFlight);
await pool.close();

parentPort.postMessage({
  sent: schedule.length - schedule.findIndex((s) => s.at >= warmupMs),
  answered,
  failures,
  firstFailure,
  rps: Math.round(answered / (durationMs / 1000)),
  p50: latency.getValueAtPercentile(50),
  p99: latency.getValueAtPercentile(99),
  max: latency.maxValue,
});
