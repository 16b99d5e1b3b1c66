// `node --import <this file>` in a server process a test starts (main-process.ts): its stdin is a pipe from the test
// process, which closes when that process ends in any way (a failed or timed-out test, a Vitest worker killed at the
// end of a run, SIGKILL). The server then stops as on SIGTERM, and for good 10 s later: no test leaves a server behind.
const STOP_GRACE_MS = 10_000;

process.stdin.on('error', () => {});
process.stdin.once('end', () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.kill(process.pid, 'SIGKILL'), STOP_GRACE_MS).unref();
});
process.stdin.resume();
// Watching the pipe must not keep a server that stopped by itself from exiting.
process.stdin.unref?.();
