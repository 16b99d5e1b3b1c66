// Runs the steps of a test command (`npm test`, `npm run test:area`) and reads the JSON reports that Vitest and
// Playwright write into .test-results/: pass counts, and how long each test file took, so that the command can
// end by showing where its time went.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * Runs each [name, command, args] in turn, all of them even after a failure; each one's wall time and outcome.
 * A `{ together: [step, step, ...] }` entry runs its steps side by side (a step that waits on a browser or a chain
 * leaves a core idle for another): the first one's output streams, the others' is kept in .test-results/logs and
 * printed whole when they end, so the logs never interleave.
 */
export async function runSteps(steps, logDir = path.resolve('.test-results', 'logs')) {
  const stepTimes = [];
  for (const step of steps) {
    if (Array.isArray(step)) {
      stepTimes.push(await runStep(step, 'inherit'));
      continue;
    }
    fs.mkdirSync(logDir, { recursive: true });
    const [first, ...others] = step.together;
    const beside = `beside ${first[0]}`;
    const kept = others.map(([name]) => path.join(logDir, `${name.replace(/\W+/g, '-')}.log`));
    const runs = await Promise.all([
      runStep(first, 'inherit'),
      ...others.map((other, i) => runStep(other, kept[i], beside)),
    ]);
    for (const [i, [name]] of others.entries()) {
      console.log(`\n══ ${name} (ran ${beside}): its output ══`);
      process.stdout.write(fs.readFileSync(kept[i], 'utf8'));
    }
    stepTimes.push(...runs);
  }
  return stepTimes;
}

/**
 * GNU time, where the machine has it: each step runs under it, so the report gives the step's CPU seconds (its own
 * and its children's, user + sys), which the machine's load inflates far less than its wall time. A server outside
 * the step (the machine's PostgreSQL) is not counted.
 */
const GNU_TIME = '/usr/bin/time';
const measuresCpu = process.platform === 'linux' && fs.existsSync(GNU_TIME);
/** How often a step's load average is sampled (its mean is reported beside the step's time). */
const LOAD_SAMPLE_MS = 5_000;

/** One step: its output to this terminal ('inherit') or to a file; resolves with its wall time and outcome. */
function runStep([name, command, args], output, beside) {
  console.log(`\n══ ${name}${beside ? ` (${beside}, output kept until it ends)` : ''} ══`);
  const started = performance.now();
  const fd = output === 'inherit' ? null : fs.openSync(output, 'w');
  const cpuFile = measuresCpu
    ? path.join(os.tmpdir(), `aidf-step-cpu-${process.pid}-${name.replace(/\W+/g, '-')}`)
    : null;
  const [program, argv] = cpuFile ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, command, ...args]] : [command, args];
  const child = spawn(program, argv, { stdio: fd === null ? 'inherit' : ['ignore', fd, fd] });
  const loads = [os.loadavg()[0]];
  const sampler = setInterval(() => loads.push(os.loadavg()[0]), LOAD_SAMPLE_MS);
  return new Promise((resolve) => {
    let settled = false;
    // A child that cannot start emits 'error' and may still emit 'exit': the step ends once.
    const done = (ok) => {
      if (settled) return;
      settled = true;
      clearInterval(sampler);
      if (fd !== null) fs.closeSync(fd);
      const load = loads.reduce((a, b) => a + b, 0) / loads.length;
      resolve({ name, ms: performance.now() - started, ok, load, ...cpuOf(cpuFile), ...(beside ? { beside } : {}) });
    };
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });
}

/** `{ cpuSeconds }` from GNU time's "%U %S" output file (then removed); nothing when there is none. */
function cpuOf(file) {
  if (!file || !fs.existsSync(file)) return {};
  const text = fs.readFileSync(file, 'utf8');
  fs.rmSync(file, { force: true });
  // GNU time writes "Command exited with non-zero status N" first when the step failed: the times are the last line.
  const [user, sys] = text.trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  return Number.isFinite(user) && Number.isFinite(sys) ? { cpuSeconds: user + sys } : {};
}

/** Prints the slowest files, the step times and the closing lines; the exit status for the command. */
export function finish(resultsDir, stepTimes) {
  const reports = readReports(resultsDir);
  const { passed, failed, skipped } = countTests(reports);
  const failedSteps = stepTimes.filter((s) => !s.ok).map((s) => s.name);
  console.log(timingReport(reports, stepTimes, readFileTimes(path.join(resultsDir, 'file-times'))));
  // Last but the summary, so that a log's tail (all a CI page may keep) names what failed and why.
  const failures = failedTests(reports);
  if (failures.length) console.log(['', 'failed tests:', ...failures.map(formatFailure)].join('\n'));
  console.log(`\nchecks failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
  console.log(
    `${passed} passed, ${failed + (failed === 0 ? failedSteps.length : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
  return failedSteps.length ? 1 : 0;
}

/** Every report in `dir` as [report name, parsed JSON]. */
export function readReports(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [path.basename(file, '.json'), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))]);
}

/** The per-file times ./file-times-reporter.mjs wrote, by report name. */
export function readFileTimes(dir) {
  return Object.fromEntries(readReports(dir));
}

const isPlaywright = (report) => report.stats && 'expected' in report.stats;

/** Passed, failed and skipped tests over all reports. */
export function countTests(reports) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const [, report] of reports) {
    if (isPlaywright(report)) {
      passed += report.stats.expected;
      failed += report.stats.unexpected + report.stats.flaky;
      skipped += report.stats.skipped;
    } else {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  return { passed, failed, skipped };
}

/** The first line of an error message, without terminal colours, at most `max` characters. */
function firstLine(message = '', max = 300) {
  const line = stripVTControlCharacters(message).trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Every failed (or flaky) test over all reports: its suite, file, full title and the first line of its error. */
export function failedTests(reports) {
  const failures = [];
  for (const [suite, report] of reports) {
    if (isPlaywright(report)) {
      const walk = (node, titles, file) => {
        const own = node.file ?? file;
        for (const spec of node.specs ?? []) {
          for (const test of spec.tests ?? []) {
            if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
            const errored = (test.results ?? []).find((r) => r.error || r.errors?.length);
            failures.push({
              suite,
              file: path.join('e2e', own),
              title: [...titles, spec.title].join(' › ') + (test.status === 'flaky' ? ' (flaky)' : ''),
              error: firstLine(errored?.error?.message ?? errored?.errors?.[0]?.message),
            });
          }
        }
        for (const child of node.suites ?? []) walk(child, [...titles, child.title], own);
      };
      // A top-level suite is a spec file (its title the file's name); those under it are its describe blocks.
      for (const top of report.suites ?? []) walk(top, [], top.file);
    } else {
      for (const result of report.testResults ?? []) {
        for (const assertion of result.assertionResults ?? []) {
          if (assertion.status !== 'failed') continue;
          failures.push({
            suite,
            file: path.relative(process.cwd(), result.name),
            title: assertion.fullName ?? assertion.title,
            error: firstLine(assertion.failureMessages?.[0]),
          });
        }
        // A file that failed before any test ran (an import or a hook) has no failed test of its own.
        if (result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed')) {
          failures.push({
            suite,
            file: path.relative(process.cwd(), result.name),
            title: '(the file)',
            error: firstLine(result.message),
          });
        }
      }
    }
  }
  return failures;
}

const formatFailure = ({ suite, file, title, error }) =>
  `  ${file} (${suite}): ${title}\n      ${error || '(no message)'}`;

/** Milliseconds per Playwright spec file: the sum of its tests' run times (one worker runs a file's tests in turn). */
function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite, file) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) byFile.set(own, (byFile.get(own) ?? 0) + (result.duration ?? 0));
      }
    }
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...byFile].map(([file, ms]) => ({ file: path.join('e2e', file), ms }));
}

/**
 * Milliseconds per Vitest file: its whole cost as ./file-times-reporter.mjs wrote it (imports and setup too),
 * else the JSON report's span of its tests.
 */
function vitestFiles(report, fileTimes) {
  if (fileTimes) return fileTimes;
  return (report.testResults ?? []).map((result) => ({
    file: path.relative(process.cwd(), result.name),
    ms: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)),
  }));
}

/** The `count` slowest test files over all reports, each tagged with the report (suite) it ran in. */
export function slowestFiles(reports, count = 10, fileTimes = {}) {
  const files = reports.flatMap(([name, report]) =>
    (isPlaywright(report) ? playwrightFiles(report) : vitestFiles(report, fileTimes[name])).map((f) => ({
      ...f,
      suite: name,
    })),
  );
  return files.sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** "1m 23.4s" or "4.2s". */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  return `${Math.floor(seconds / 60)}m ${(seconds % 60).toFixed(1).padStart(4, '0')}s`;
}

/** The closing report: the ten slowest files, then each step's wall time. */
export function timingReport(reports, stepTimes, fileTimes = {}) {
  const lines = ['', 'slowest test files:'];
  for (const { file, ms, suite } of slowestFiles(reports, 10, fileTimes)) {
    lines.push(`  ${formatDuration(ms).padStart(9)}  ${file}  (${suite})`);
  }
  lines.push('', 'step times:');
  let total = 0;
  let cpu = 0;
  for (const { name, ms, ok, beside, cpuSeconds, load } of stepTimes) {
    // A step that ran beside another adds to the total only the time by which it outlasted it.
    const alongside = beside ? stepTimes.find((s) => `beside ${s.name}` === beside) : undefined;
    total += alongside ? Math.max(0, ms - alongside.ms) : ms;
    cpu += cpuSeconds ?? 0;
    const measured = [
      ...(cpuSeconds === undefined ? [] : [`${Math.round(cpuSeconds)} CPU-s`]),
      ...(load === undefined ? [] : [`load ${load.toFixed(1)}`]),
    ];
    lines.push(
      `  ${formatDuration(ms).padStart(9)}  ${name}${beside ? `  (${beside})` : ''}${ok ? '' : '  (failed)'}${measured.length ? `  [${measured.join(', ')}]` : ''}`,
    );
  }
  lines.push(`  ${formatDuration(total).padStart(9)}  total${cpu ? `  [${Math.round(cpu)} CPU-s]` : ''}`);
  return lines.join('\n');
}
